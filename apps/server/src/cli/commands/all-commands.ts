import type { AdminCommand } from '../command.js';
import { accountCommands } from './account-commands.js';
import { agentCommands } from './agent-commands.js';
import { catalogCommands } from './catalog-commands.js';
import { fundingCommands } from './funding-commands.js';
import { levelCommands } from './level-commands.js';
import { operatorCommands } from './operator-commands.js';
import { providerCommands } from './provider-commands.js';
import { referralCommands } from './referral-commands.js';
import { sessionCommands } from './session-commands.js';
import { systemCommands } from './system-commands.js';
import { upstreamCommands } from './upstream-commands.js';

/** Every operator command, in help order. Add a group here. */
export const ALL_COMMANDS: AdminCommand[] = [
  ...sessionCommands,
  ...accountCommands,
  ...agentCommands,
  ...operatorCommands,
  ...fundingCommands,
  ...catalogCommands,
  ...levelCommands,
  ...upstreamCommands,
  ...providerCommands,
  ...referralCommands,
  ...systemCommands,
];
