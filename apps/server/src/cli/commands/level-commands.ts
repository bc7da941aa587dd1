import {
  createPriceLevel,
  listPriceLevelPlans,
  listPriceLevels,
  moveAgentToPriceLevel,
  renamePriceLevel,
  setDefaultPriceLevel,
  setPriceLevelDiscount,
  setPriceLevelFollowRule,
  setPriceLevelPrice,
  type TPriceLevel,
} from '@agentdesk/contract/admin/price-levels';
import { CommandFailed, requireFlag, type AdminCommand, type CommandContext } from '../command.js';

const RULE_WORDS = {
  'level-price': 'level price',
  'level-discount': 'level discount',
  catalogue: 'catalogue',
} as const;

/** The level a flag names, by id or by name in any case, from the operator API's list. */
async function levelNamed({ flags, io, call }: CommandContext): Promise<TPriceLevel> {
  const wanted = requireFlag(flags, 'level');
  const { data } = await call(listPriceLevels);
  const level = data.find((row) => row.id === wanted || row.name.toLowerCase() === wanted.toLowerCase());
  if (!level) {
    io.err(`No price level "${wanted}". The levels: ${data.map((row) => row.name).join(', ')}`);
    throw new CommandFailed();
  }
  return level;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "none" clears an override; anything else is sent as typed, for the server to check. */
const valueOrNone = (value: string) => (value === 'none' ? null : value);

/** Price levels (docs/decisions/038) from the command line: the same operator API as the console. */
export const levelCommands: AdminCommand[] = [
  {
    name: 'levels list',
    summary: 'Price levels: the default (*), their agents and their overrides',
    async run({ io, call }) {
      const { data } = await call(listPriceLevels);
      for (const level of data) {
        io.out(
          `${level.id}  ${level.isDefault ? '*' : ' '} ${level.name.padEnd(20)}  ${count(level.agents, 'agent', 'agents')}` +
            `  ${count(level.overrides.services, 'service discount', 'service discounts')}` +
            `  ${count(level.overrides.plans, 'plan price', 'plan prices')}  follows: ${level.followRule}`,
        );
      }
    },
  },
  {
    name: 'levels create',
    summary: 'Create a price level (with no overrides its agents pay the catalogue’s prices)',
    usage: '--name <name>',
    options: ['name'],
    async run({ flags, io, call }) {
      const { message, data } = await call(createPriceLevel, { body: { name: requireFlag(flags, 'name') } });
      io.out(`${message}: ${data.id}`);
    },
  },
  {
    name: 'levels follow',
    summary: 'How a level’s prices follow the upstream’s: keep the discount (in proportion) or the margin (same naira)',
    usage: '--level <id or name> --rule keep-discount|keep-margin',
    options: ['level', 'rule'],
    async run(context) {
      const level = await levelNamed(context);
      const { message } = await context.call(setPriceLevelFollowRule, {
        params: { id: level.id },
        // Sent as typed: the server names a rule it does not know.
        body: { followRule: requireFlag(context.flags, 'rule') as TPriceLevel['followRule'] },
      });
      context.io.out(message);
    },
  },
  {
    name: 'levels rename',
    summary: 'Rename a price level',
    usage: '--level <id or name> --name <new name>',
    options: ['level', 'name'],
    async run(context) {
      const level = await levelNamed(context);
      const { message } = await context.call(renamePriceLevel, {
        params: { id: level.id },
        body: { name: requireFlag(context.flags, 'name') },
      });
      context.io.out(message);
    },
  },
  {
    name: 'levels default',
    summary: 'Make a price level the one new agents join',
    usage: '--level <id or name>',
    options: ['level'],
    async run(context) {
      const level = await levelNamed(context);
      const { message } = await context.call(setDefaultPriceLevel, { params: { id: level.id } });
      context.io.out(message);
    },
  },
  {
    name: 'levels discount',
    summary: "Set a level's discount for a service, or none to follow the catalogue",
    usage: '--level <id or name> --service <service id> --discount <percent>|none',
    options: ['level', 'service', 'discount'],
    async run(context) {
      const level = await levelNamed(context);
      const { message } = await context.call(setPriceLevelDiscount, {
        params: { id: level.id, serviceId: requireFlag(context.flags, 'service') },
        body: { discountPercent: valueOrNone(requireFlag(context.flags, 'discount')) },
      });
      context.io.out(`${level.name}: ${message}`);
    },
  },
  {
    name: 'levels price',
    summary: "Set a level's fixed price for a plan in naira, or none to price it by the discounts",
    usage: '--level <id or name> --service <service id> --code <plan code> --price <naira>|none',
    options: ['level', 'service', 'code', 'price'],
    async run(context) {
      const level = await levelNamed(context);
      const { message } = await context.call(setPriceLevelPrice, {
        params: {
          id: level.id,
          serviceId: requireFlag(context.flags, 'service'),
          code: requireFlag(context.flags, 'code'),
        },
        body: { price: valueOrNone(requireFlag(context.flags, 'price')) },
      });
      context.io.out(`${level.name}: ${message}`);
    },
  },
  {
    name: 'levels plans',
    summary: "A service's plans at a level: face value, the catalogue's price, the level's and what its agents pay",
    usage: '--level <id or name> --service <service id>',
    options: ['level', 'service'],
    async run(context) {
      const level = await levelNamed(context);
      const { data, meta } = await context.call(listPriceLevelPlans, {
        params: { id: level.id, serviceId: requireFlag(context.flags, 'service') },
        query: { limit: 100 },
      });
      for (const plan of data) {
        context.io.out(
          `${plan.code.padEnd(24)}  face ₦${plan.faceValue}  catalogue ₦${plan.cataloguePrice}` +
            `  ${level.name} pays ₦${plan.price} (${RULE_WORDS[plan.rule]})`,
        );
      }
      if (meta?.nextCursor) context.io.out('(the first 100 plans)');
    },
  },
  {
    name: 'levels move',
    summary: 'Move an agent to a price level (their next purchase is priced by it)',
    usage: '--agent <agent id> --level <id or name>',
    options: ['agent', 'level'],
    async run(context) {
      const level = await levelNamed(context);
      const { message } = await context.call(moveAgentToPriceLevel, {
        params: { id: requireFlag(context.flags, 'agent') },
        body: { levelId: level.id },
      });
      context.io.out(message);
    },
  },
];
