import { runAdmin } from './run-admin.js';

const code = await runAdmin(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = code;
