import { runAdmin } from '../cli/run-admin.js';

/** Runs an operator command as a test would type it, capturing its exit code and output. */
export async function runAdminCaptured(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
