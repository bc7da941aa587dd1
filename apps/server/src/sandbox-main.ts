import Fastify from 'fastify';
import { loadConfig } from './config.js';
import { registerSandbox, SANDBOX_PREFIX, sandboxOptionsFrom } from './modules/upstream/sandbox/sandbox.routes.js';

/** `npm run sandbox`: the upstream sandbox alone, on SANDBOX_PORT (default 3100). */
const config = loadConfig();
const port = Number(process.env.SANDBOX_PORT ?? 3100);
const app = Fastify({ logger: { level: config.logLevel } });
const options = sandboxOptionsFrom(config);
await registerSandbox(app, options);
const address = await app.listen({ port, host: config.host ?? '127.0.0.1' });
const auth = options.basicAuth ? 'the api keys or basic authentication' : 'the api keys';
console.log(
  `Upstream sandbox (VTpass-compatible) at ${address}${SANDBOX_PREFIX}: ${auth}, ${options.strict ? 'strict' : 'lenient'}`,
);
