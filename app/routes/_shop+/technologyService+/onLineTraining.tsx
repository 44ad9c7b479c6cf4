import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TrainingProgressSchema } from "./technologyService.schemas.server";
import { ContentPage } from "~/components/content/ContentPage";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { finishedCourses, setCourseFinished } from "~/modules/content/training.server";
import { readFormData } from "~/utils/form.server";
import { requireUser } from "~/utils/guard.server";
import { getOptionalDealer } from "~/utils/session.server";
import { loadContentPage } from "../__content.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/reply.server";

export const handle = { i18n: ["adminContent"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.onlineTraining");

/** The courses (or one course), and for a signed-in dealer the courses this account finished. */
export async function loader(args: LoaderFunctionArgs) {
  const page = await loadContentPage(args, "training");
  const user = await getOptionalDealer(args.request);
  return { ...page, signedIn: !!user, finished: user ? await finishedCourses(getDb(), user.id) : [] };
}

/** Marks a course finished (or not) for the signed-in account; back to the course. */
export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const submission = parseWithZod(await readFormData(request), { schema: TrainingProgressSchema });
  // the form only carries a course id and an intent: anything else is not a course of this shop
  if (submission.status !== "success") throw new Response("Not Found", { status: 404 });
  const lang = await getLanguage(request, user.language);
  const { id, intent } = submission.value;
  const done = await setCourseFinished(db, { userId: user.id, tenantId: user.tenantId }, { contentId: id, finished: intent === "finish", lang });
  if (!done.ok) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(`/technologyService/onLineTraining?id=${id}`, "content.trainingSaved");
}

export default function Page() {
  const { items, item, signedIn, finished } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const isFinished = item ? finished.includes(item.id) : false;
  const progress = signedIn ? (
    <p className="training-progress" data-testid="training-progress">
      {t("content.trainingProgress", { done: items.filter((i) => finished.includes(i.id)).length, count: items.length })}
    </p>
  ) : (
    <p className="muted">{t("content.trainingSignIn")}</p>
  );
  const actions =
    item && signedIn ? (
      <Form method="post" className="inline-form" data-testid="training-finish">
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="intent" value={isFinished ? "unfinish" : "finish"} />
        {isFinished ? <span className="content-finished">✓ {t("content.trainingFinished")} </span> : null}
        <button type="submit" className={isFinished ? "btn btn-outline" : "btn"}>
          {isFinished ? t("content.markUnfinished") : t("content.markFinished")}
        </button>
      </Form>
    ) : null;
  return (
    <ContentPage
      title={t("content.training")}
      intro={t("content.trainingIntro")}
      items={items}
      item={item}
      basePath="/technologyService/onLineTraining"
      finishedIds={finished}
      itemActions={actions}
    >
      {progress}
    </ContentPage>
  );
}
