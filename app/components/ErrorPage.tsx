import { Box, Button, Heading, Text } from "@chakra-ui/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** A whole-page message for not-found and error states, in the page language. */
export function ErrorPage({ title, text, code }: { title: string; text: string; code?: number }) {
  const { t } = useTranslation();
  return (
    <Box as="section" maxW="40rem" mx="auto" my="16" px="6" textAlign="center" data-testid="error-page">
      {code ? (
        <Text fontSize="6xl" fontWeight="bold" color="brand.700" lineHeight="1">
          {code}
        </Text>
      ) : null}
      <Heading as="h1" size="2xl" mt="4" color="brand.700">
        {title}
      </Heading>
      <Text mt="3" color="fg.muted">
        {text}
      </Text>
      {/* Chakra's Button gives its element type="button", not valid on the link it wraps (Nu checker) */}
      <Button asChild mt="8" bg="brand.700" color="white" _hover={{ bg: "brand.600" }} type={undefined}>
        <Link to="/homePage">{t("notFound.back")}</Link>
      </Button>
    </Box>
  );
}
