import { errorCodeRows } from '../../lib/error-codes';
import { CodeBlock } from '../code-block';
import { Code, GuideSection } from '../guide-section';
import { SimpleTable } from '../simple-table';

const ERROR_EXAMPLE = `HTTP/1.1 422 Unprocessable Entity

{
  "message": "Enter a Nigerian mobile number, like 08031234567",
  "code": "VALIDATION_FAILED",
  "errors": [{ "path": "phone", "message": "Enter a Nigerian mobile number, like 08031234567" }]
}`;

export function ErrorCodesGuide() {
  return (
    <GuideSection id="errors" title="Error codes">
      <p>
        Every success is <Code>{'{ "message", "data" }'}</Code> (lists add <Code>meta.nextCursor</Code>). Every error
        has a 4xx or 5xx status and the body <Code>{'{ "message", "code", "errors"? }'}</Code>: branch on{' '}
        <Code>code</Code>, show <Code>message</Code> to people, and use <Code>errors</Code> to point at the field.
      </p>
      <CodeBlock code={ERROR_EXAMPLE} label="An error answer" copyLabel="Copy example" />
      <SimpleTable
        label="Error codes"
        head={['Code', 'HTTP status', 'Meaning']}
        rows={errorCodeRows().map(({ code, status, meaning }) => ({
          key: code,
          cells: [
            <Code key="code" nowrap>
              {code}
            </Code>,
            status,
            meaning,
          ],
        }))}
      />
    </GuideSection>
  );
}
