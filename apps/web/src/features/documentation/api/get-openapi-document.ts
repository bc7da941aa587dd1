import { z } from 'zod';
import { api } from '../../../lib/http/api';

/** Where the server serves the OpenAPI 3.1 document generated from the contract. */
export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json';

/** Just enough of the document to know it is one; the renderer reads the rest. */
const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  tags: z.array(z.looseObject({ name: z.string() })).optional(),
});
export type OpenApiDocument = z.infer<typeof ZOpenApiDocument>;

const openApiApi = api.injectEndpoints({
  endpoints: (build) => ({
    openApiDocument: build.query<OpenApiDocument, void>({
      query: () => ({ url: OPENAPI_DOCUMENT_PATH }),
      transformResponse: (body: unknown) => ZOpenApiDocument.parse(body),
      // It changes only with a deploy.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useOpenApiDocumentQuery } = openApiApi;
