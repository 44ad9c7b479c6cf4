import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/** The shop's design system: Chakra's defaults with the brand colour #032C55 (spec §9). */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: "#e8eef5" },
          100: { value: "#c5d3e4" },
          200: { value: "#9fb5d0" },
          300: { value: "#6f8fb6" },
          400: { value: "#41689a" },
          500: { value: "#1a4a7f" },
          600: { value: "#0d3a6a" },
          700: { value: "#032C55" },
          800: { value: "#022241" },
          900: { value: "#01172c" },
          950: { value: "#000d1a" },
        },
      },
      fonts: {
        heading: { value: "system-ui, -apple-system, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif" },
        body: { value: "system-ui, -apple-system, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.500}" },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
