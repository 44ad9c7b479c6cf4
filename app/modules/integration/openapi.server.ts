import { OpenApiGeneratorV31, OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { API_CALLS, type ApiCall } from "./calls.server";
import { API_CODES } from "./codes";

/**
 * The OpenAPI 3.1 document of `/prod-api` (decision 072), generated from the call table and its
 * zod shapes by @asteasolutions/zod-to-openapi (9.x: zod 4): what the server parses and answers is
 * what the document says. Built once per process.
 */
export const ErrorEnvelope = z
  .object({
    code: z
      .number()
      .int()
      .describe(
        "40000 bad input, 40300 not allowed, 40400 not found, 40500 wrong method, 42200 refused by a rule, 42900 too many requests, 50000 server error, 50012 bad token, 50014 no token or login expired",
      ),
    data: z.null(),
    message: z.string(),
  })
  .meta({ id: "Error" });

export const successEnvelope = (data: z.ZodType) => z.object({ code: z.literal(API_CODES.success), data, message: z.string() });

/** The envelope of a call's success, as the document and the tests read it. */
export const successSchemaOf = (c: ApiCall) => successEnvelope(c.data);

let document: object | undefined;

export function openApiDocument(): object {
  if (document) return document;
  const registry = new OpenAPIRegistry();
  const token = registry.registerComponent("securitySchemes", "XToken", {
    type: "apiKey",
    in: "header",
    name: "X-Token",
    description: "the session token of POST /login/login (the shop's sessions: 12 hours)",
  });
  const feedKey = registry.registerComponent("securitySchemes", "FeedKey", {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "a dealer's feed key, made in the shop's personal centre (also accepted as Authorization: Bearer <key>)",
  });
  const csv = { "text/csv": { schema: z.string().describe("RFC 4180 CSV with a header row") } };
  for (const c of API_CALLS) {
    registry.registerPath({
      method: c.method.toLowerCase() as "get" | "post" | "put" | "delete",
      path: c.path,
      summary: c.summary,
      // who may call it: the tests cover each group's operations in the group's file
      tags: [c.auth],
      description: c.permission ? `Function code: \`${c.permission}\`${c.ordering ? " and the account's ordering permission" : ""}.` : undefined,
      security: c.auth === "dealer" || c.auth === "erp" ? [{ [token.name]: [] }] : c.auth === "feed" ? [{ [feedKey.name]: [] }] : [],
      request: {
        query: c.query as z.ZodObject | undefined,
        params: c.params as z.ZodObject | undefined,
        body: c.upload
          ? { required: true, content: { [c.upload.mediaType]: { schema: z.string().describe(`the file's bytes, at most ${c.upload.maxBytes} bytes`) } } }
          : c.body
            ? { required: true, content: { "application/json": { schema: c.body } } }
            : undefined,
      },
      responses: {
        200: c.file
          ? { description: "the file (ETag; 304 to a matching If-None-Match)", content: csv }
          : {
              description: c.auth === "feed" ? "success (code 20000; ETag, 304 to a matching If-None-Match)" : "success (code 20000)",
              content: { "application/json": { schema: successSchemaOf(c) }, ...(c.csv ? csv : {}) },
            },
        default: { description: "failure: the code says why", content: { "application/json": { schema: ErrorEnvelope } } },
      },
    });
  }
  document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Dealer shop integration API",
      version: "1.0.0",
      description: "JSON calls of the dealer shop (spec §7, §8): every answer is { code, data, message }; code 20000 is success.",
    },
    servers: [{ url: "/prod-api" }],
  });
  return document;
}
