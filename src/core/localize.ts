/** A workflow or rules error in the user's language, through the formatter given. */
export function localizeWith(format: (key: string, params?: Record<string, string | number>) => string, error: unknown): string {
  if (error && typeof error === "object" && "i18nKey" in error && "params" in error) {
    const { i18nKey, params } = error as { i18nKey: string; params: Record<string, string | number> };
    return format(i18nKey, { ...params });
  }
  return error instanceof Error ? error.message : String(error);
}
