import { Heading, Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { API_CALLS } from "~/modules/integration/calls.server";

export const meta: MetaFunction = () => [{ title: "Integration API · /prod-api" }];

/** `/prod-api/docs`: the plain reference of the integration API (decision 072), read from the same call table as the OpenAPI document. */
export function loader() {
  return {
    calls: API_CALLS.map((c) => ({ method: c.method, path: c.path, summary: c.summary, auth: c.auth, permission: c.permission ?? null })),
  };
}

export default function ApiReference() {
  const { calls } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="card" style={{ maxWidth: "72rem", margin: "1rem auto", padding: "1rem" }}>
      <Heading as="h1" size="xl" color="brand.700" mb="3">
        {t("apiDocs.title")}
      </Heading>
      <Text mb="3">{t("apiDocs.intro")}</Text>
      <Text mb="4">
        <a href="/prod-api/openapi.json">{t("apiDocs.document")}</a>
      </Text>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("apiDocs.method")}</th>
              <th scope="col">{t("apiDocs.path")}</th>
              <th scope="col">{t("apiDocs.what")}</th>
              <th scope="col">{t("apiDocs.access")}</th>
            </tr>
          </thead>
          <tbody>
            {calls.map((c) => (
              <tr key={`${c.method} ${c.path}`}>
                <td>
                  <code>{c.method}</code>
                </td>
                <td>
                  <code>{`/prod-api${c.path}`}</code>
                </td>
                <td lang="en">{c.summary}</td>
                <td>
                  {c.auth === "none" ? t("apiDocs.none") : t("apiDocs.token")}
                  {c.permission ? ` · ${t("apiDocs.functionCode", { code: c.permission })}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
