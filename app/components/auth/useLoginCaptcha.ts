import { useEffect, useState } from "react";

/**
 * The verification code image the login form shows: the page's (again after the "new code" link
 * reloads it), then each post's answer's, which carries the code whose cookie it set (decision
 * 055). An answer without `captchaImage` (conform checking a field while the dealer types) keeps
 * the image shown.
 */
export function useLoginCaptcha(loaderImage: string | null, actionData: { captchaImage?: string | null } | undefined): string | null {
  const fromAction = actionData && "captchaImage" in actionData ? (actionData.captchaImage ?? null) : undefined;
  const [image, setImage] = useState(fromAction === undefined ? loaderImage : fromAction);
  useEffect(() => setImage(loaderImage), [loaderImage]);
  useEffect(() => {
    if (fromAction !== undefined) setImage(fromAction);
  }, [fromAction]);
  return image;
}
