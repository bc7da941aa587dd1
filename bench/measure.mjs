// What the benchmarks measure besides time: CPU by process, read from /proc, and percentiles.
import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time of one process in clock ticks (1/100 s): user + system, and with `reaped` that of
 * its children that have exited; 0 once it is gone.
 */
function processTicks(pid, reaped = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return reaped ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0;
  }
}

/**
 * CPU time in clock ticks (1/100 s) of PostgreSQL's processes, the server, this client and the
 * machine, and the time the hypervisor gave this machine's cores to others (steal).
 */
export function cpuTimes(serverPid) {
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // The postmaster's reaped children count the backends and autovacuum workers that
      // exited during the run (only the postmaster has any).
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres += processTicks(pid, true);
    } catch {}
  }
  const [cpu, ...rest] = readFileSync('/proc/stat', 'utf8').split('\n');
  const [user, nice, system, , , irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number);
  const cores = rest.filter((line) => /^cpu\d/.test(line)).length;
  const client = process.cpuUsage();
  return {
    postgres,
    server: processTicks(serverPid),
    client: (client.user + client.system) / 10_000,
    machine: user + nice + system + irq + softirq + steal,
    steal,
    cores,
  };
}

/** The p-th percentile of ascending latencies, in ms with one decimal. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
}

/**
 * One line of the rows that sequential scans of a purchase's tables read since the counters
 * were reset: a statement (or a foreign-key check) planned when its table looked empty scans
 * it whole on every call.
 */
export async function sequentialScans(client) {
  const { rows } = await client.query(
    `SELECT relname, seq_scan, seq_tup_read FROM pg_stat_user_tables
     WHERE relname IN ('journal_entries', 'postings', 'wallet_transactions', 'orders', 'ledger_accounts', 'sessions', 'users')
       AND seq_tup_read > 0 ORDER BY seq_tup_read DESC`,
  );
  const read = rows.map((row) => `${row.relname} ${row.seq_tup_read} (${row.seq_scan} scans)`).join(', ');
  return `rows read by sequential scans: ${read || 'none'}`;
}

/**
 * The database's work so far: index and sequential scans of every table (a small or empty
 * table is read by a sequential scan) and the shared blocks read (hit or not), counted by PostgreSQL whatever the machine's load. A backend reports its counts once
 * idle for a while, so read them after the server has been idle for `settleMs`.
 */
export async function databaseWork(client, name, settleMs = 11_000) {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const { rows } = await client.query(
    `SELECT (SELECT sum(idx_scan)::bigint FROM pg_stat_user_indexes) AS index_scans,
            (SELECT sum(seq_scan)::bigint FROM pg_stat_user_tables) AS sequential_scans,
            (SELECT (blks_hit + blks_read)::bigint FROM pg_stat_database WHERE datname = $1) AS blocks`,
    [name],
  );
  return {
    indexScans: Number(rows[0].index_scans),
    sequentialScans: Number(rows[0].sequential_scans),
    blocks: Number(rows[0].blocks),
  };
}
