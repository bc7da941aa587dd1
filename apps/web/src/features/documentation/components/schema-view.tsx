import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OpenApiDocument } from '../api/get-openapi-document';
import {
  constraints,
  mergeAllOf,
  refName,
  resolve,
  typeLabel,
  variantLabel,
  withoutNull,
  type Schema,
} from '../lib/openapi';
import { DocText } from './doc-text';
import { Code } from './guide-section';

/** Deeper than this, a schema is named, not unfolded (the contract's deepest is 5). */
const MAX_DEPTH = 8;

interface Where {
  document: OpenApiDocument;
  depth: number;
  /** The references unfolded above this one: a recursive schema stops at its second visit. */
  seen: ReadonlySet<string>;
}

/** A nested list of fields, a rule on its left to show what belongs to what. */
export function FieldList({ children, nested = false }: { children: ReactNode; nested?: boolean }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        ...(nested ? { mt: 0.5, pl: { xs: 1, sm: 2 }, borderLeft: 1, borderColor: 'divider' } : { pl: 0 }),
      }}
    >
      {children}
    </Box>
  );
}

/** The plain schema (references followed, `allOf` merged, `null` set aside) and its limits. */
function plainOf(document: OpenApiDocument, schema: Schema) {
  return withoutNull(mergeAllOf(document, resolve(document, schema))).schema;
}

/** A field: its name, type, whether it is required, its limits, its description and what it holds. */
export function Field({
  name,
  schema,
  required = false,
  place,
  description,
  deprecated = false,
  example,
  where,
}: {
  name: string;
  schema: Schema;
  required?: boolean;
  /** Where a parameter goes: `path`, `query`, `header`, `cookie`. */
  place?: string;
  description?: string;
  deprecated?: boolean;
  /** A parameter's own example (a body's are shown whole, below its schema). */
  example?: unknown;
  where: Where;
}) {
  const plain = plainOf(where.document, schema);
  const notes = [...constraints(plain), ...(example === undefined ? [] : [`example: ${JSON.stringify(example)}`])];
  const text = description ?? plain.description;
  return (
    <Box component="li" sx={{ py: 0.75, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
        <Code>{name}</Code>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {typeLabel(where.document, schema)}
          {place && ` · in ${place}`}
        </Typography>
        {required && (
          <Typography component="span" variant="caption" sx={{ fontWeight: 700 }}>
            required
          </Typography>
        )}
        {(deprecated || plain.deprecated) && (
          <Typography component="span" variant="caption" sx={{ fontWeight: 700 }}>
            deprecated
          </Typography>
        )}
      </Box>
      {notes.length > 0 && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {notes.join(' · ')}
        </Typography>
      )}
      {text && (
        <Typography variant="body2" component="p" sx={{ m: 0 }}>
          <DocText text={text} />
        </Typography>
      )}
      <SchemaChildren schema={schema} where={where} />
    </Box>
  );
}

/**
 * What a schema holds below its own line: an object's fields, the fields of an array's
 * items, or each shape of a `oneOf` / `anyOf` under the name that tells it apart.
 */
export function SchemaChildren({ schema, where }: { schema: Schema; where: Where }) {
  const { document, depth, seen } = where;
  if (schema.$ref && seen.has(schema.$ref)) {
    return (
      <Typography variant="caption" component="p" color="text.secondary" sx={{ m: 0 }}>
        {refName(schema)}, as above
      </Typography>
    );
  }
  if (depth >= MAX_DEPTH) return null;
  const next: Where = {
    document,
    depth: depth + 1,
    seen: schema.$ref ? new Set([...seen, schema.$ref]) : seen,
  };
  const plain = plainOf(document, schema);
  const choices = plain.oneOf ?? plain.anyOf;
  if (choices) {
    return (
      <FieldList nested={depth > 0}>
        {choices.map((choice, index) => {
          const label = plainOf(document, choice).properties
            ? variantLabel(document, choice)
            : typeLabel(document, choice);
          return (
            <Box component="li" key={index} sx={{ py: 0.75, minWidth: 0 }}>
              <Typography variant="body2" component="p" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                Shape {index + 1}
                {label && `: ${label}`}
              </Typography>
              <SchemaChildren schema={choice} where={next} />
            </Box>
          );
        })}
      </FieldList>
    );
  }
  if (plain.properties) {
    const extra = typeof plain.additionalProperties === 'object' ? plain.additionalProperties : undefined;
    return (
      <FieldList nested={depth > 0}>
        {Object.entries(plain.properties).map(([name, property]) => (
          <Field
            key={name}
            name={name}
            schema={property}
            required={plain.required?.includes(name) ?? false}
            where={next}
          />
        ))}
        {extra && Object.keys(extra).length > 0 && <Field name="(any other key)" schema={extra} where={next} />}
      </FieldList>
    );
  }
  if (plain.items) return <SchemaChildren schema={plain.items} where={next} />;
  return null;
}

/** A request's or a response's body: its type, limits and description, then its fields. */
export function SchemaBlock({ schema, document }: { schema: Schema; document: OpenApiDocument }) {
  const plain = plainOf(document, schema);
  const notes = constraints(plain);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" component="p" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Schema:
        </Box>{' '}
        {typeLabel(document, schema)}
        {notes.length > 0 && ` · ${notes.join(' · ')}`}
      </Typography>
      {plain.description && (
        <Typography variant="body2" component="p" sx={{ m: 0 }}>
          <DocText text={plain.description} />
        </Typography>
      )}
      <SchemaChildren schema={schema} where={{ document, depth: 0, seen: new Set() }} />
    </Box>
  );
}
