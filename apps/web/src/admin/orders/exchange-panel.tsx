import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { formatDateTime } from '../../components/date-time';
import type { TOrderPage } from '../api/orders';

type Exchange = TOrderPage['exchanges'][number];

const CALLS: Record<Exchange['call'], string> = { pay: 'Pay', requery: 'Requery', verify: 'Verification' };

const VERDICTS: Record<string, string> = {
  delivered: 'delivered',
  failed: 'failed',
  reversed: 'reversed',
  unknown: 'no definitive answer',
  refused: 'refused (provider account)',
  'unknown-request': 'request unknown to the upstream',
};

/** JSON as people read it: indented; text as it came. */
export function pretty(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** What the answer was, in a few words, for the panel's title. */
export function answerLine(exchange: Exchange): string {
  if (exchange.error) return exchange.error;
  const verdict = exchange.verdict ? (VERDICTS[exchange.verdict] ?? exchange.verdict) : null;
  return [`HTTP ${exchange.status ?? '?'}`, exchange.code, verdict].filter(Boolean).join(' · ');
}

function Block({ label, children }: { label: string; children: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        component="pre"
        role="region"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 13,
          overflowX: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** One exchange with the upstream, collapsed to a line; open, the request and the answer pretty-printed. */
export function ExchangePanel({ exchange, index }: { exchange: Exchange; index: number }) {
  const id = `exchange-${exchange.id}`;
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {index + 1}. {CALLS[exchange.call]} · {formatDateTime(exchange.startedAt)} · {exchange.durationMs} ms
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {answerLine(exchange)}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`} sx={{ display: 'grid', gap: 2 }}>
        <Block label="Request">{`${exchange.method} ${exchange.path}\n\n${pretty(exchange.requestBody)}`}</Block>
        <Block label={exchange.error ? 'No answer' : `Answer (HTTP ${exchange.status ?? '?'})`}>
          {exchange.error ?? pretty(exchange.responseBody)}
        </Block>
      </AccordionDetails>
    </Accordion>
  );
}
