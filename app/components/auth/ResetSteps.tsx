import { useTranslation } from "react-i18next";

/** The three steps of the password reset (spec §2): identity verification, reset, complete. */
export function ResetSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation("auth");
  const steps = [t("reset.stepVerify"), t("reset.stepReset"), t("reset.stepDone")];
  return (
    <ol className="reset-steps" aria-label={t("reset.stepsLabel")}>
      {steps.map((label, i) => (
        <li key={label} className={i + 1 === current ? "current" : i + 1 < current ? "done" : undefined} aria-current={i + 1 === current ? "step" : undefined}>
          <span className="reset-step-no">{i + 1}</span>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** The white card with a heading used by the account pages. */
export function AuthCard({ title, children, narrow = true }: { title: string; children: React.ReactNode; narrow?: boolean }) {
  return (
    <section className={narrow ? "card auth-card auth-card-narrow" : "card auth-card"} aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="auth-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
