import 'reflect-metadata';

import { JUDGE_QUEUE, queueListKey } from '@oj/messaging';
import { spawnSync } from 'child_process';
import { getMetadataStorage } from 'class-validator';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { parseAllDocuments } from 'yaml';

import { AppConfig } from '../../apps/api/src/config/app-config';
import { WorkerConfig } from '../../apps/judge-worker/src/config/worker-config';
import { kustomizationDirs, podSpecOf, render, Resource } from './kustomize-render';

/*
 * deploy/kubernetes, checked offline: every kustomization renders (kustomize-render.ts), every rendered object is
 * valid against the Kubernetes and KEDA schemas (the validators of `kubernetes-models` and
 * `@kubernetes-models/keda`), and the objects agree with each other and with the app: selectors, ports, probes,
 * env names, the Secret's keys, the KEDA scaler's Redis keys and the worker's stop timing. Where kubectl is installed,
 * the renderer's output must also equal `kubectl kustomize`'s.
 */

const root = join(__dirname, '../../deploy/kubernetes');
const production = join(root, 'overlays/production');
const rendered = {
  production: render(production),
  migration: render(join(production, 'migration')),
  // The fallback an operator without KEDA picks: the same overlay with the other autoscaling component.
  cpuFallback: render(production, { components: ['release', '../../components/cpu-autoscaling'] }),
};
const all = Object.values(rendered).flat();
/** Whether kubectl (and so its built-in kustomize) is installed here: a cross-check where it is; nothing requires it. */
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface PodSpec {
  containers: Container[];
  securityContext?: Record<string, unknown>;
  terminationGracePeriodSeconds?: number;
}
type Spec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const spec = (r: Resource) => r.spec as Spec;
const pod = (r: Resource) => podSpecOf(r) as unknown as PodSpec;
const find = (resources: Resource[], kind: string, name: string) => {
  const found = resources.filter((r) => r.kind === kind && r.metadata.name === name);
  if (found.length !== 1) throw new Error(`${found.length} ${kind}/${name}`);
  return found[0];
};
const workloads = (resources: Resource[]) => resources.filter((r) => podSpecOf(r));
const configData = (resources: Resource[], name = 'online-judge') => find(resources, 'ConfigMap', name).data as Record<string, string>;
const envValue = (container: Container, name: string) => container.env?.find((e) => e.name === name)?.value;

/** The model class of an object's apiVersion and kind, from the two schema packages. */
function modelOf(resource: Resource): new (data: unknown) => { validate(): void } {
  const [group, version] = resource.apiVersion.includes('/') ? resource.apiVersion.split('/') : [undefined, resource.apiVersion];
  const path =
    group === 'keda.sh'
      ? `@kubernetes-models/keda/keda.sh/${version}/${resource.kind}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}/${resource.kind}`;
  return require(path)[resource.kind];
}

/** The environment variables an app reads: its configuration class's validated properties (with the base's). */
function variablesRead(config: new () => object): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(config, '', true, false)
      .map((m) => m.propertyName),
  );
}
const WORKER_ENTRY = 'dist/judge-worker/apps/judge-worker/src/main.js';
const isWorker = (container: Container) => container.command?.includes(WORKER_ENTRY) ?? false;

describe('deploy/kubernetes', () => {
  it('renders every kustomization the test covers, and covers every one there is', () => {
    expect(kustomizationDirs(root).sort()).toEqual(
      [
        'base',
        'components/cpu-autoscaling',
        'components/keda-autoscaling',
        'config',
        'migration',
        'overlays/production',
        'overlays/production/migration',
        'overlays/production/release',
      ].sort(),
    );
    expect(render(join(root, 'base')).length).toBeGreaterThan(0);
    expect(render(join(root, 'migration')).length).toBeGreaterThan(0);
    const kinds = (resources: Resource[]) => resources.map((r) => `${r.kind}/${r.metadata.name}`).sort();
    expect(kinds(rendered.production)).toEqual(
      [
        'ConfigMap/online-judge',
        'ConfigMap/online-judge-api',
        'Deployment/oj-api',
        'Deployment/oj-worker',
        'Ingress/oj-api',
        'Namespace/online-judge',
        'ScaledObject/oj-worker',
        'Service/oj-api',
        'TriggerAuthentication/oj-redis',
      ].sort(),
    );
    expect(kinds(rendered.migration)).toEqual([
      'ConfigMap/online-judge',
      'ConfigMap/online-judge-api',
      'Job/oj-migrate',
      'Namespace/online-judge',
    ]);
    expect(kinds(rendered.cpuFallback)).toContain('HorizontalPodAutoscaler/oj-worker');
    expect(kinds(rendered.cpuFallback)).not.toContain('ScaledObject/oj-worker');
  });

  // The renderer stands in for kustomize where there is none; where kubectl is installed, they must agree. Left out
  // (not skipped: a skipped test cannot fail) where it is absent, and its name says the check needs kubectl.
  const whereKubectl = kubectl ? it : () => undefined;
  whereKubectl('renders what `kubectl kustomize` renders, object for object (where kubectl is installed)', () => {
    const byIdentity = (resources: Resource[]) =>
      Object.fromEntries(resources.map((r) => [`${r.kind}/${r.metadata.namespace ?? ''}/${r.metadata.name}`, r]));
    for (const dir of [production, join(production, 'migration')]) {
      const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`kubectl kustomize ${dir}: ${result.stderr}`);
      const theirs = parseAllDocuments(result.stdout).map((d) => d.toJS() as Resource);
      expect(byIdentity(render(dir))).toEqual(byIdentity(theirs));
    }
  });

  it('applies the overlay and its release component to the application and the migration alike', () => {
    expect(spec(find(rendered.production, 'Deployment', 'oj-api')).replicas).toBe(3);
    for (const resources of [rendered.production, rendered.migration]) {
      expect(configData(resources, 'online-judge-api')).toMatchObject({ TRUST_PROXY: '10.0.0.0/8', PORT: '3000', SEED_DEMO: 'false' });
      expect(configData(resources)).toMatchObject({ NODE_ENV: 'production', REDIS_PREFIX: 'oj' });
    }
  });

  it('refuses a kustomization field it cannot render, rather than ignoring it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kustomize-'));
    try {
      writeFileSync(join(dir, 'kustomization.yaml'), 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamePrefix: x-\n');
      expect(() => render(dir)).toThrow(/does not support: namePrefix/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('holds only objects valid against the Kubernetes and KEDA schemas', () => {
    for (const resource of all) {
      const Model = modelOf(resource);
      expect(() => new Model(resource).validate()).not.toThrow();
    }
  });

  it('the schema check bites: a wrong type or a missing required field fails', () => {
    const worker = find(rendered.production, 'Deployment', 'oj-worker');
    const broken = structuredClone(worker);
    pod(broken).terminationGracePeriodSeconds = '90' as unknown as number;
    expect(() => new (modelOf(broken))(broken).validate()).toThrow(/terminationGracePeriodSeconds must be integer/);
    const scaled = structuredClone(find(rendered.production, 'ScaledObject', 'oj-worker'));
    delete spec(scaled).scaleTargetRef;
    expect(() => new (modelOf(scaled))(scaled).validate()).toThrow(/scaleTargetRef/);
  });

  it('puts everything in the namespace it creates, which admits the privileged workers', () => {
    for (const resources of Object.values(rendered)) {
      const namespace = find(resources, 'Namespace', 'online-judge');
      expect(namespace.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('privileged');
      for (const r of resources.filter((r) => r.kind !== 'Namespace'))
        expect([identity(r), r.metadata.namespace]).toEqual([identity(r), 'online-judge']);
    }
  });

  it('runs one release: every container of the app and of its migration has the same image and tag', () => {
    const images = new Set(workloads(all).flatMap((w) => pod(w).containers.map((c) => c.image)));
    expect([...images]).toEqual(['registry.example.com/online-judge:0.1.0']);
  });

  it('selects the pods it means: selectors match their templates, and the Service the API pods', () => {
    for (const workload of workloads(all).filter((w) => w.kind === 'Deployment')) {
      const labels = (spec(workload).template.metadata.labels ?? {}) as Record<string, string>;
      expect(labels).toMatchObject(spec(workload).selector.matchLabels);
    }
    const service = find(rendered.production, 'Service', 'oj-api');
    const selected = workloads(rendered.production).filter((w) =>
      Object.entries(spec(service).selector as Record<string, string>).every(([k, v]) => spec(w).template.metadata.labels?.[k] === v),
    );
    expect(selected.map((w) => w.metadata.name)).toEqual(['oj-api']);
  });

  it('routes the Ingress to the Service, and the Service and every probe to a port the pod exposes', () => {
    const service = find(rendered.production, 'Service', 'oj-api');
    const api = pod(find(rendered.production, 'Deployment', 'oj-api')).containers[0];
    const portOf = (container: Container, port: string | number) =>
      container.ports?.find((p) => p.name === port || p.containerPort === port)?.containerPort;
    for (const port of spec(service).ports)
      expect(portOf(api, port.targetPort)).toBe(Number(configData(rendered.production, 'online-judge-api').PORT));
    const ingress = find(rendered.production, 'Ingress', 'oj-api');
    for (const rule of spec(ingress).rules)
      for (const path of rule.http.paths) {
        expect(path.backend.service.name).toBe(service.metadata.name);
        expect(spec(service).ports.map((p: { name: string }) => p.name)).toContain(path.backend.service.port.name);
      }
    for (const deployment of ['oj-api', 'oj-worker']) {
      const container = pod(find(rendered.production, 'Deployment', deployment)).containers[0];
      const probes = [container.livenessProbe, container.readinessProbe, container.startupProbe];
      for (const probe of probes) expect(portOf(container, probe!.httpGet!.port)).toBeDefined();
      expect(container.livenessProbe?.httpGet?.path).toBe('/api/health/live');
      expect(container.readinessProbe?.httpGet?.path).toBe('/api/health/ready');
    }
    const worker = pod(find(rendered.production, 'Deployment', 'oj-worker')).containers[0];
    expect(portOf(worker, worker.livenessProbe!.httpGet!.port)).toBe(Number(envValue(worker, 'WORKER_HTTP_PORT')));
    // Probes come from the node: a worker listening on loopback only would never pass them.
    expect(envValue(worker, 'WORKER_HTTP_HOST')).toBe('0.0.0.0');
  });

  it('names only environment variables the app in the container reads', () => {
    const api = variablesRead(AppConfig);
    const worker = variablesRead(WorkerConfig);
    expect(api).toContain('ADMIN_PASSWORD');
    expect(worker).toContain('WORKER_STOP_GRACE_MS');
    expect(api).not.toContain('WORKER_STOP_GRACE_MS');
    for (const resources of Object.values(rendered)) {
      for (const workload of workloads(resources))
        for (const container of pod(workload).containers) {
          const reads = isWorker(container) ? worker : api;
          const fromConfigMaps = (container.envFrom ?? []).flatMap((e) => Object.keys(configData(resources, e.configMapRef!.name)));
          const named = [...(container.env ?? []).map((e) => e.name), ...fromConfigMaps];
          expect(named.filter((name) => !reads.has(name)).map((name) => `${workload.metadata.name}: ${name}`)).toEqual([]);
        }
    }
  });

  it('keeps every credential in the Secret `online-judge`, never in a manifest', () => {
    const secretLike = /PASSWORD|SECRET|TOKEN|_URL$/;
    expect(all.filter((r) => r.kind === 'Secret')).toEqual([]);
    for (const resources of Object.values(rendered)) {
      const configKeys = resources.filter((r) => r.kind === 'ConfigMap').flatMap((r) => Object.keys(r.data as object));
      expect(configKeys.filter((name) => secretLike.test(name))).toEqual([]);
      for (const workload of workloads(resources))
        for (const container of pod(workload).containers)
          for (const variable of container.env ?? []) {
            if (!secretLike.test(variable.name)) continue;
            expect(variable).toEqual({
              name: variable.name,
              valueFrom: { secretKeyRef: expect.objectContaining({ name: 'online-judge', key: variable.name }) },
            });
          }
    }
    for (const workload of workloads(all))
      for (const container of pod(workload).containers)
        for (const required of ['DATABASE_URL', 'REDIS_URL'])
          expect(container.env?.find((e) => e.name === required)?.valueFrom?.secretKeyRef?.optional).toBeUndefined();
  });

  it('lets the API leave the Service before it stops, and finish its requests before the SIGKILL', () => {
    const deployment = find(rendered.production, 'Deployment', 'oj-api');
    const api = pod(deployment).containers[0] as Container & { lifecycle?: { preStop?: { exec?: { command: string[] } } } };
    const [command, seconds] = api.lifecycle?.preStop?.exec?.command ?? [];
    expect(command).toBe('sleep');
    // The API's own stop gives requests in flight 10 s (apps/api/src/http/graceful-stop.ts).
    expect(pod(deployment).terminationGracePeriodSeconds! - Number(seconds)).toBeGreaterThan(10);
  });

  it('runs the API and the migration unprivileged, as the restricted Pod Security Standard asks', () => {
    const restricted = [find(rendered.production, 'Deployment', 'oj-api'), find(rendered.migration, 'Job', 'oj-migrate')];
    for (const workload of restricted) {
      expect(pod(workload).securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      for (const container of pod(workload).containers)
        expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    }
  });

  it('names compiled entry points the builds produce, and tools the image holds', () => {
    const commands = workloads(all).flatMap((w) => pod(w).containers.flatMap((c) => c.command ?? []));
    const entries = [...new Set(commands.join(' ').match(/dist\/[\w./-]+\.js/g))];
    expect(entries).toHaveLength(3);
    expect(entries.filter((entry) => !existsSync(join(__dirname, '../..', entry)))).toEqual([]);
    const dockerfile = readFileSync(join(__dirname, '../../Dockerfile'), 'utf8');
    const copiedTools = /^COPY (tools\/\S+ )+\.\/tools\/$/m.exec(dockerfile)?.[0] ?? '';
    for (const tool of new Set(commands.join(' ').match(/tools\/[\w-]+\.js/g))) expect(copiedTools).toContain(tool);
  });

  it('runs the migration and the admin step with the app’s own commands, before the API starts', () => {
    const job = find(rendered.migration, 'Job', 'oj-migrate');
    const script = pod(job).containers[0].command!.join(' ');
    expect(script).toMatch(
      /node tools\/migrate\.js &&\s+node -r \.\/tools\/register-paths\.js dist\/api\/apps\/api\/src\/users\/create-admin\.cli\.js &&/,
    );
    expect(spec(job).template.spec.restartPolicy).toBe('Never');
  });

  it('gives the worker its sandbox’s privileges, resources, and a grace period its graceful stop fits in', () => {
    const deployment = find(rendered.production, 'Deployment', 'oj-worker');
    const worker = pod(deployment).containers[0];
    expect(isWorker(worker)).toBe(true);
    expect(worker.securityContext).toEqual({ privileged: true, runAsUser: 0 });
    expect(worker.resources?.requests?.cpu).toBeDefined();
    expect(worker.resources?.requests).toEqual(
      expect.objectContaining({ cpu: worker.resources?.limits?.cpu, memory: worker.resources?.limits?.memory }),
    );
    // One core per submission graded at once.
    expect(Number(worker.resources!.requests!.cpu)).toBe(Number(envValue(worker, 'WORKER_CONCURRENCY')));
    const graceMs = pod(deployment).terminationGracePeriodSeconds! * 1000;
    const stopMs = Number(envValue(worker, 'WORKER_STOP_GRACE_MS'));
    expect(stopMs).toBeGreaterThan(0);
    // Room for the hand-back and the exit before Kubernetes' SIGKILL.
    expect(graceMs - stopMs).toBeGreaterThanOrEqual(10_000);
    // The autoscaler owns the count: a replicas field would fight it on every apply.
    expect(spec(deployment).replicas).toBeUndefined();
  });

  it('scales workers with KEDA on the judge queue’s real Redis lists, from the Secret’s address', () => {
    const resources = rendered.production;
    const scaled = find(resources, 'ScaledObject', 'oj-worker');
    const worker = pod(find(resources, 'Deployment', 'oj-worker')).containers[0];
    expect(spec(scaled).scaleTargetRef.name).toBe('oj-worker');
    expect(spec(scaled).minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(spec(scaled).maxReplicaCount).toBeGreaterThan(spec(scaled).minReplicaCount);
    const prefix = configData(resources).REDIS_PREFIX;
    const triggers = spec(scaled).triggers as { type: string; metadata: Record<string, string>; authenticationRef: { name: string } }[];
    expect(triggers.map((t) => [t.type, t.metadata.listName])).toEqual([
      ['redis', queueListKey(prefix, JUDGE_QUEUE, 'wait')],
      ['redis', queueListKey(prefix, JUDGE_QUEUE, 'active')],
    ]);
    // Busy workers are kept: one per WORKER_CONCURRENCY jobs in progress.
    expect(triggers[1].metadata.listLength).toBe(envValue(worker, 'WORKER_CONCURRENCY'));
    for (const trigger of triggers) {
      const auth = find(resources, 'TriggerAuthentication', trigger.authenticationRef.name);
      const refs = spec(auth).secretTargetRef as { parameter: string; name: string; key: string }[];
      expect(refs.map((r) => [r.parameter, r.name])).toEqual([
        ['address', 'online-judge'],
        ['password', 'online-judge'],
      ]);
    }
  });

  it('falls back to an HPA on the workers’ CPU, which their CPU request makes measurable', () => {
    const hpa = find(rendered.cpuFallback, 'HorizontalPodAutoscaler', 'oj-worker');
    expect(spec(hpa).scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'oj-worker' });
    expect(spec(hpa).metrics).toEqual([expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) })]);
    expect(pod(find(rendered.cpuFallback, 'Deployment', 'oj-worker')).containers[0].resources?.requests?.cpu).toBeDefined();
  });
});

function identity(r: Resource): string {
  return `${r.kind}/${r.metadata.name}`;
}
