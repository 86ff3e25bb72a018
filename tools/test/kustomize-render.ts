import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import { parseAllDocuments } from 'yaml';

/**
 * Renders a kustomization offline, as `kubectl kustomize` would, for the subset deploy/kubernetes uses: resources
 * (files and directories), components, namespace, labels (pairs on metadata only), images (newName, newTag) and
 * strategic-merge patches from files. No kustomize runs on npm and CI has no kubectl, so anything outside the
 * subset is refused rather than ignored: a manifest this cannot render is one the test cannot vouch for.
 */

export interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

interface Kustomization {
  apiVersion: string;
  kind: 'Kustomization' | 'Component';
  resources?: string[];
  components?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string> }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { path: string }[];
}

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'components', 'namespace', 'labels', 'images', 'patches']);
const KINDS = { Kustomization: 'kustomize.config.k8s.io/v1beta1', Component: 'kustomize.config.k8s.io/v1alpha1' };
/** Kinds without a namespace, which the namespace transformer leaves alone (those a judge's manifests might hold). */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PriorityClass', 'StorageClass', 'IngressClass']);

/** Every YAML document of a file, empty ones skipped. */
function readYamlDocuments(file: string): unknown[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  for (const document of documents) if (document.errors.length) throw new Error(`${file}: ${document.errors[0].message}`);
  return documents.map((document) => document.toJS()).filter((value) => value !== null);
}

function readKustomization(dir: string, kind: Kustomization['kind'], overrides: Partial<Kustomization> = {}): Kustomization {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${dir} has no kustomization.yaml`);
  const [read] = readYamlDocuments(file) as Kustomization[];
  const kustomization = { ...read, ...overrides };
  const unknown = Object.keys(kustomization).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length) throw new Error(`${file}: fields this renderer does not support: ${unknown.join(', ')}`);
  if (kustomization.kind !== kind || kustomization.apiVersion !== KINDS[kind])
    throw new Error(`${file}: expected a ${kind} (${KINDS[kind]}), found ${kustomization.kind} (${kustomization.apiVersion})`);
  for (const label of kustomization.labels ?? [])
    if (Object.keys(label).some((key) => key !== 'pairs')) throw new Error(`${file}: only label pairs (on metadata) are supported`);
  for (const patch of kustomization.patches ?? [])
    if (Object.keys(patch).some((key) => key !== 'path')) throw new Error(`${file}: only patches from a file (path) are supported`);
  return kustomization;
}

const identity = (r: Resource) => `${r.kind}/${r.metadata.namespace ?? ''}/${r.metadata.name}`;

function addUnique(into: Resource[], added: Resource[], where: string): void {
  for (const resource of added) {
    if (into.some((r) => identity(r) === identity(resource))) throw new Error(`${where}: ${identity(resource)} is defined twice`);
    into.push(resource);
  }
}

function loadResources(dir: string, entries: string[]): Resource[] {
  const resources: Resource[] = [];
  for (const entry of entries) {
    const path = join(dir, entry);
    if (!existsSync(path)) throw new Error(`${dir}: resource ${entry} does not exist`);
    const loaded = statSync(path).isDirectory() ? render(path) : (readYamlDocuments(path) as Resource[]);
    for (const resource of loaded)
      if (!resource?.apiVersion || !resource.kind || !resource.metadata?.name)
        throw new Error(`${path}: a resource without apiVersion, kind or name`);
    addUnique(resources, loaded, path);
  }
  return resources;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Strategic merge, for the shapes used here: maps merge key by key (null deletes), lists whose items all have a
 * `name` (containers, env, ports, volumes) merge item by item on it, any other list is replaced.
 */
function strategicMerge(base: unknown, patch: unknown): unknown {
  if (isObject(base) && isObject(patch)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete merged[key];
      else merged[key] = key in base ? strategicMerge(base[key], value) : value;
    }
    return merged;
  }
  const named = (list: unknown) => Array.isArray(list) && list.every((item) => isObject(item) && typeof item.name === 'string');
  if (named(base) && named(patch)) {
    const merged = [...(base as Record<string, unknown>[])];
    for (const item of patch as Record<string, unknown>[]) {
      const at = merged.findIndex((existing) => existing.name === item.name);
      if (at < 0) merged.push(item);
      else merged[at] = strategicMerge(merged[at], item) as Record<string, unknown>;
    }
    return merged;
  }
  return patch;
}

function applyPatches(dir: string, resources: Resource[], patches: { path: string }[]): Resource[] {
  let patched = resources;
  for (const { path } of patches) {
    const documents = readYamlDocuments(join(dir, path)) as Resource[];
    // As kustomize's `patches` field: one patch a file (several need patchesStrategicMerge, which is deprecated).
    if (documents.length !== 1) throw new Error(`${join(dir, path)}: a patch file must hold one patch, not ${documents.length}`);
    for (const patch of documents) {
      const targets = patched.filter((r) => r.kind === patch.kind && r.metadata.name === patch.metadata?.name);
      if (targets.length !== 1)
        throw new Error(`${join(dir, path)}: ${patch.kind}/${patch.metadata?.name} matches ${targets.length} resources`);
      patched = patched.map((r) => (r === targets[0] ? (strategicMerge(r, patch) as Resource) : r));
    }
  }
  return patched;
}

/** The pod specs of workload resources (Deployment, Job, …: under spec.template.spec). */
export function podSpecOf(resource: Resource): Record<string, unknown> | undefined {
  const template = (resource.spec as { template?: { spec?: Record<string, unknown> } } | undefined)?.template;
  return template?.spec;
}

function setImages(resources: Resource[], images: NonNullable<Kustomization['images']>): void {
  for (const resource of resources) {
    const pod = podSpecOf(resource);
    for (const container of [
      ...((pod?.containers as { image: string }[]) ?? []),
      ...((pod?.initContainers as { image: string }[]) ?? []),
    ]) {
      const name = container.image.replace(/(@.*|:[^/]*)$/, '');
      const image = images.find((i) => i.name === name);
      if (image) container.image = `${image.newName ?? name}:${image.newTag ?? 'latest'}`;
    }
  }
}

/** Applies a kustomization's own transformers to what it has gathered (its resources and components'). */
function transform(dir: string, k: Kustomization, gathered: Resource[]): Resource[] {
  const resources = applyPatches(dir, structuredClone(gathered), k.patches ?? []);
  for (const resource of resources) {
    for (const { pairs } of k.labels ?? []) resource.metadata.labels = { ...resource.metadata.labels, ...pairs };
    if (!k.namespace) continue;
    // kustomize also renames a Namespace object to the namespace it sets (kubernetes-sigs/kustomize#4979).
    if (resource.kind === 'Namespace') resource.metadata.name = k.namespace;
    else if (!CLUSTER_SCOPED.has(resource.kind)) resource.metadata.namespace = k.namespace;
  }
  if (k.images) setImages(resources, k.images);
  return resources;
}

/** A component acts on everything gathered before it: its resources join, then its transformers run on all. */
function applyComponent(dir: string, gathered: Resource[]): Resource[] {
  const component = readKustomization(dir, 'Component');
  const resources = [...gathered];
  addUnique(resources, loadResources(dir, component.resources ?? []), dir);
  const withNested = (component.components ?? []).reduce((acc, nested) => applyComponent(join(dir, nested), acc), resources);
  return transform(dir, component, withNested);
}

/** The resources `kubectl kustomize <dir>` prints; `overrides` replace fields of its kustomization.yaml. */
export function render(dir: string, overrides: Partial<Kustomization> = {}): Resource[] {
  const k = readKustomization(dir, 'Kustomization', overrides);
  const gathered = (k.components ?? []).reduce(
    (acc, component) => applyComponent(join(dir, component), acc),
    loadResources(dir, k.resources ?? []),
  );
  return transform(dir, k, gathered);
}

/** Every directory under `root` holding a kustomization.yaml, relative to it. */
export function kustomizationDirs(root: string, dir = root): string[] {
  const here = existsSync(join(dir, 'kustomization.yaml')) ? [relative(root, dir) || '.'] : [];
  const below = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => kustomizationDirs(root, join(dir, entry.name)));
  return [...here, ...below];
}
