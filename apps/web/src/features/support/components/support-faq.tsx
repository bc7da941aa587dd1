import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const QUESTIONS = [
  {
    question: 'How do I fund my wallet?',
    answer:
      'Open Fund Wallet, transfer to one of the accounts shown there, then report the transfer with the amount, the sender name and the reference on your receipt. If you have your own account number on that page, transfers to it are credited automatically.',
  },
  {
    question: 'How long does approval take?',
    answer:
      'The provider checks each reported transfer against their bank statement, usually within minutes during opening hours. You get a notification and the money shows in your balance and in Transactions once it is approved. A rejected report shows the reason under Reported transfers.',
  },
  {
    question: 'A purchase is pending. What should I do?',
    answer:
      'Do not buy again for the same customer yet. A pending purchase is being confirmed with the network or biller; it ends as successful or failed on its own, and Transactions shows the result.',
  },
  {
    question: 'How do refunds work?',
    answer:
      'When a purchase fails, the amount goes back to your wallet automatically, once, and shows in Transactions as a refund. If a failed purchase has no refund after an hour, chat with us and quote its reference.',
  },
];

/** Short answers to what agents ask most; native details/summary, keyboard-ready with no script. */
export function SupportFaq() {
  return (
    <Box component="section" aria-labelledby="faq-title">
      <Typography id="faq-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Common questions
      </Typography>
      {QUESTIONS.map(({ question, answer }) => (
        <Box
          key={question}
          component="details"
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 2,
            py: 1.5,
            mb: 1,
            bgcolor: 'background.paper',
            '& summary': { cursor: 'pointer', fontWeight: 500 },
          }}
        >
          <summary>{question}</summary>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {answer}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
