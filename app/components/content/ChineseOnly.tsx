import { Box, Heading, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { LanguageToggle } from "~/components/layout/LanguageToggle";

/** Shown instead of a Chinese-only service when the page language is English. */
export function ChineseOnly() {
  const { t } = useTranslation();
  return (
    <Box className="card" maxW="40rem" mx="auto" textAlign="center" data-testid="chinese-only">
      <Heading as="h1" size="lg" color="brand.700" mb="2">
        {t("content.chineseOnlyTitle")}
      </Heading>
      <Text color="fg.muted" mb="4">
        {t("content.chineseOnlyText")}
      </Text>
      <div className="chinese-only-toggle">
        <LanguageToggle />
      </div>
    </Box>
  );
}
