#!/usr/bin/env node
// The auth guard's cost per signed-in request: the passport-jwt guard (JwtAuthGuard + JwtStrategy, issue 34) beside
// the hand-written guard it replaced, in one process, one round of each after the other (the order alternating),
// on the same token and key object. The account lookup is an in-memory stub in both, so the figures are the guard's
// CPU alone (the one SQL lookup it adds is the same statement in both).
// Usage: node bench/auth/guard-bench.js [rounds] [--checks N] [--json]   (BENCH_SKIP_BUILD=1 reuses tmp/bench-build)
const path = require('path');
const { build, OUT, registerPaths } = require('../submissions/stack');

const args = process.argv.slice(2);
const checksAt = args.indexOf('--checks');
const CHECKS = checksAt >= 0 ? Number(args[checksAt + 1]) : 2000;
const ROUNDS = Number(args.find((arg, i) => /^\d+$/.test(arg) && (checksAt < 0 || i !== checksAt + 1)) ?? 15);
const JSON_OUT = args.includes('--json');

if (process.env.BENCH_SKIP_BUILD !== '1') build();
registerPaths();
require('reflect-metadata');
const { Reflector } = require('@nestjs/core');
const { JwtService } = require('@nestjs/jwt');
const compiled = (file) => require(path.join(OUT, 'apps/api/src/auth', file));
const { JwtAuthGuard } = compiled('jwt-auth.guard.js');
const { JwtStrategy } = compiled('jwt.strategy.js');
const { JwtSecrets } = compiled('jwt-secrets.js');
const { AUTH_METADATA } = compiled('auth.decorators.js');
const { bearerToken } = compiled('bearer-token.js');
const { isCurrentTokenVersion } = compiled('auth-user.js');

/** The guard before issue 34 (apps/api/src/auth/auth.guard.ts at cce1323), as compiled, less its error branches. */
class HandWrittenGuard {
  constructor(reflector, jwt, secrets, users) {
    Object.assign(this, { reflector, jwt, secrets, users });
  }

  async canActivate(context) {
    const requirement = this.reflector.getAllAndOverride(AUTH_METADATA, [context.getHandler(), context.getClass()]);
    if (!requirement) return true;
    const request = context.switchToHttp().getRequest();
    const token = bearerToken(request.headers.authorization);
    const user = token && (await this.authenticate(token));
    if (!user) throw new Error('Invalid or expired access token');
    request.user = user;
    return true;
  }

  async authenticate(token) {
    let claims;
    try {
      claims = await this.jwt.verifyAsync(token, { secret: this.secrets.accessKey, algorithms: ['HS256'] });
    } catch {
      return null;
    }
    const user = await this.users.findOne({ where: { id: claims.sub }, select: ['id', 'username', 'role', 'isActive', 'tokenVersion'] });
    if (!user || !user.isActive || !isCurrentTokenVersion(claims.ver, user)) return null;
    return { id: user.id, username: user.username, role: user.role, tokenVersion: user.tokenVersion };
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const now = () => Number(process.hrtime.bigint()) / 1e3;

async function main() {
  const account = { id: '2327a85a-66fe-421d-91b8-0004da5242bd', username: 'bench', role: 'user', isActive: true, tokenVersion: 0 };
  const users = { findOne: async () => account };
  const secrets = new JwtSecrets('bench-secret-of-forty-eight-characters-0123456789');
  const jwt = new JwtService();
  const token = await jwt.signAsync(
    { sub: account.id, username: account.username, role: account.role, ver: 0 },
    { ...secrets.signOptions, expiresIn: 900 },
  );
  const reflector = new Reflector();
  const handler = () => undefined;
  Reflect.defineMetadata(AUTH_METADATA, { mode: 'required' }, handler);
  class Controller {}
  const context = (request) => ({
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  });
  const guards = {
    handWritten: new HandWrittenGuard(reflector, jwt, secrets, users),
    passport: new JwtAuthGuard(reflector, new JwtStrategy(secrets, users)),
  };

  /** µs per check of `CHECKS` signed-in requests in a row. */
  async function round(guard) {
    const started = now();
    for (let i = 0; i < CHECKS; i++) {
      const request = { headers: { authorization: `Bearer ${token}` } };
      await guard.canActivate(context(request));
      if (request.user?.id !== account.id) throw new Error('The guard did not set the caller');
    }
    return (now() - started) / CHECKS;
  }

  const perCheck = { handWritten: [], passport: [] };
  await round(guards.handWritten); // warm-up: JIT, first key use
  await round(guards.passport);
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 ? ['passport', 'handWritten'] : ['handWritten', 'passport'];
    for (const name of order) perCheck[name].push(await round(guards[name]));
  }
  const result = {
    rounds: ROUNDS,
    checksPerRound: CHECKS,
    handWrittenMedianUs: +median(perCheck.handWritten).toFixed(1),
    passportMedianUs: +median(perCheck.passport).toFixed(1),
    ratio: +(median(perCheck.passport) / median(perCheck.handWritten)).toFixed(2),
  };
  if (JSON_OUT) console.log(JSON.stringify(result));
  else
    console.log(
      `Auth guard per signed-in request, median of ${ROUNDS} rounds of ${CHECKS}: hand-written ${result.handWrittenMedianUs} µs, ` +
        `passport-jwt ${result.passportMedianUs} µs (${result.ratio}×)`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
