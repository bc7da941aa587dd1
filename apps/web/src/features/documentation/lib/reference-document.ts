import type { OpenApiDocument } from '../api/get-openapi-document';

export const RESELLER_TAG = 'Reseller API';

type PathItem = Record<string, { tags?: string[] } | undefined>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The operations of the document under a path prefix, as `METHOD /path`. */
export function operationsUnder(document: OpenApiDocument, prefix: string): string[] {
  return Object.entries(document.paths as Record<string, PathItem>)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
}

/**
 * The document as the page shows it: the reseller API's tag first (what an integrator reads
 * first), then the other tags in the order they appear, and this server's own API origin as
 * the server, so every URL on the page is one that works from here.
 */
export function referenceDocument(document: OpenApiDocument, apiBaseUrl: string): OpenApiDocument {
  const names = new Set<string>();
  for (const item of Object.values(document.paths as Record<string, PathItem>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.includes(method)) for (const tag of operation?.tags ?? []) names.add(tag);
    }
  }
  const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  const tags = [...names]
    .sort((a, b) => Number(b === RESELLER_TAG) - Number(a === RESELLER_TAG))
    .map((name) => declared.get(name) ?? { name });
  return { ...document, tags, servers: [{ url: apiBaseUrl }] };
}
