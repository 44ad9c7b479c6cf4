import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AddressForm } from "~/components/auth/AddressForm";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import { createAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress, updateAddress } from "~/modules/addresses/addresses.server";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { notFoundWhenMissing, requireFunction, requirePermission, requireUser } from "~/utils/guard.server";
import { Can } from "~/components/Can";
import { pageMeta } from "~/utils/meta";
import { AddressActionSchema } from "./__forms.server";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.shippingAddresses");
export const handle = { watermark: true, i18n: ["auth"] };

/** Shipping addresses of the customer (spec §2 /order/addressManage). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const creating = url.searchParams.get("new") === "1";
  if (edit || creating) requirePermission(user, "address:edit");
  const editing = edit && /^\d{1,9}$/.test(edit) ? await notFoundWhenMissing(() => getAddress(db, user, Number(edit))) : null;
  return { addresses: await listAddresses(db, user), editing, creating };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireFunction(request, "address:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: AddressActionSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { ns: "auth" });
  const done = (key: string) => redirectWithToast("/order/addressManage", `auth:address.${key}`);
  const value = submission.value;
  switch (value.intent) {
    case "delete":
      await notFoundWhenMissing(() => deleteAddress(db, user, value.id));
      return done("deleted");
    case "setDefault":
      await notFoundWhenMissing(() => setDefaultAddress(db, user, value.id));
      return done("defaultSet");
    case "update":
      await notFoundWhenMissing(() => updateAddress(db, user, value.id, value));
      return done("updated");
    case "create": {
      const created = await createAddress(db, user, value);
      if (!created.ok) return replyWithError(request, submission, created.error);
      return done("created");
    }
  }
}

export default function AddressManage() {
  const { addresses, editing, creating } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const showForm = creating || !!editing;
  return (
    <div className="addresses">
      <div className="page-head">
        <h1 className="auth-title">{t("address.title")}</h1>
        {!showForm ? (
          <Can funcCode="address:edit">
            <Link to="?new=1" className="btn btn-lg" data-testid="new-address">
              {t("address.add")}
            </Link>
          </Can>
        ) : null}
      </div>
      {showForm ? <AddressForm key={editing?.id ?? "new"} address={editing} lastResult={actionData?.result} /> : null}
      {addresses.length === 0 ? (
        <p className="card empty-note">{t("address.empty")}</p>
      ) : (
        <ul className="address-list" data-testid="address-list">
          {addresses.map((a) => (
            <li key={a.id} className={a.isDefault ? "address-item is-default" : "address-item"} data-testid="address-item">
              <div className="address-body">
                <p className="address-who">
                  <strong>{a.consignee}</strong> <span>{a.phone}</span>
                  {a.isDefault ? <span className="tag tag-master">{t("address.default")}</span> : null}
                </p>
                <p className="address-where">
                  {[a.province, a.city, a.district, a.line].join(" ")}
                  {a.postcode ? ` · ${a.postcode}` : ""}
                </p>
              </div>
              <Can funcCode="address:edit">
                <div className="row-actions">
                  {!a.isDefault ? (
                    <Form method="post" action="/order/addressManage" className="inline-form">
                      <input type="hidden" name="intent" value="setDefault" />
                      <input type="hidden" name="id" value={a.id} />
                      <button type="submit" className="btn btn-outline">
                        {t("address.setDefault")}
                      </button>
                    </Form>
                  ) : null}
                  <Link to={`?edit=${a.id}`} className="btn btn-outline">
                    {t("address.edit")}
                  </Link>
                  <details className="confirm-delete">
                    <summary className="btn btn-outline btn-danger">{t("address.delete")}</summary>
                    <Form method="post" action="/order/addressManage" className="confirm-panel">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={a.id} />
                      <span>{t("address.confirmDelete")}</span>
                      <button type="submit" className="btn btn-danger-solid">
                        {t("address.confirmDeleteButton")}
                      </button>
                    </Form>
                  </details>
                </div>
              </Can>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
