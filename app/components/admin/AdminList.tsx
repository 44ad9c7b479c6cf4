import { Button, Field, Flex, Heading, Input, NativeSelect } from "@chakra-ui/react";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";

/**
 * The back office's one list page (issue 29 item 8, decision 076): a head with the title and the
 * page's actions, optional tabs, a GET filter form, the count, a table with a sticky header and the
 * pager. The chrome is Chakra's (heading, fields, buttons); the rows stay plain `<tr>`/`<td>` styled
 * by admin.css with Chakra's tokens, because Chakra components in every cell render at a sixth of
 * the speed (../shared/STACK.md). Everything is a link or a GET form: no JavaScript needed.
 */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** right-aligned figures */
  numeric?: boolean;
  /** ordering codes, numbers: monospace, never broken */
  code?: boolean;
  /** long text that may wrap */
  wrap?: boolean;
  /** a name (dealer, title): wraps, but never narrower than a name's usual width */
  name?: boolean;
}

interface Props<Row> {
  title: string;
  /** top-right: "new", "export" */
  actions?: ReactNode;
  /** a line under the title: links to related pages, a hint */
  intro?: ReactNode;
  /** the table's name (its caption and its scroll region's label) when it is not the page's title */
  caption?: string;
  tabs?: { label: string; items: { href: string; label: string; current: boolean; testId?: string }[] };
  /** the filter fields (FilterSelect, FilterInput, hidden inputs); the form and its button are the page's */
  filters?: ReactNode;
  filterLabel?: string;
  filterTestId?: string;
  /** the reset link: the list without filters */
  resetHref?: string;
  /** messages between the filters and the table (a refused keyword) */
  notice?: ReactNode;
  /** "12 items"; left out when the list has no count */
  countText?: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** a row's test id and data attributes */
  rowProps?: (row: Row) => Record<`data-${string}`, string | number>;
  /** the page's own class (its stylesheet's hooks) */
  className?: string;
  countTestId?: string;
  /** the empty table's line; "nothing here" when left out */
  empty?: string;
  tableTestId?: string;
  page?: number;
  pages?: number;
  /** below the table: forms that act on the list */
  children?: ReactNode;
}

export function AdminListPage<Row>(props: Props<Row>) {
  const { t } = useTranslation("admin");
  const { title, columns, rows } = props;
  const caption = props.caption ?? title;
  return (
    <div className={props.className ? `admin-page admin-list ${props.className}` : "admin-page admin-list"}>
      <Flex className="admin-list-head" justify="space-between" align="center" wrap="wrap" gap="2" mb="3">
        <Heading as="h1" size="lg" fontWeight="600">
          {title}
        </Heading>
        {props.actions ? (
          <Flex gap="2" wrap="wrap">
            {props.actions}
          </Flex>
        ) : null}
      </Flex>
      {props.intro}
      {props.tabs ? (
        <nav aria-label={props.tabs.label}>
          <ul className="admin-tabs">
            {props.tabs.items.map((tab) => (
              <li key={tab.href}>
                <Link to={tab.href} aria-current={tab.current ? "page" : undefined} data-testid={tab.testId}>
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {props.filters ? (
        <Form method="get" className="list-filters" role="search" aria-label={props.filterLabel ?? t("list.filter")} data-testid={props.filterTestId}>
          {props.filters}
          <Flex gap="2" align="flex-end">
            <Button type="submit" size="sm" colorPalette="brand">
              {props.filterLabel ?? t("list.filter")}
            </Button>
            {props.resetHref ? (
              // Chakra's Button gives its element type="button", not valid on the link it wraps (Nu checker)
              <Button asChild size="sm" variant="outline" type={undefined}>
                <Link to={props.resetHref}>{t("list.reset")}</Link>
              </Button>
            ) : null}
          </Flex>
        </Form>
      ) : null}
      {props.notice}
      {props.countText ? (
        <p className="result-count" data-testid={props.countTestId}>
          {props.countText}
        </p>
      ) : null}
      <TableScroll label={caption}>
        <table className="data-table list-table" data-testid={props.tableTestId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={i} scope="col" className={cellClass(c)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
                {columns.map((c, i) => (
                  <td key={i} className={cellClass(c)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="list-empty">
                  {props.empty ?? t("list.empty")}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </TableScroll>
      {props.page && props.pages ? <ListPager page={props.page} pages={props.pages} /> : null}
      {props.children}
    </div>
  );
}

function cellClass(c: { numeric?: boolean; code?: boolean; wrap?: boolean; name?: boolean }) {
  const names = [c.numeric ? "num" : "", c.code ? "code" : "", c.wrap ? "cell-wrap" : "", c.name ? "cell-name" : ""].filter(Boolean);
  return names.length ? names.join(" ") : undefined;
}

/** Previous, "page x of y", next: GET links that keep the list's filters. */
export function ListPager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(p));
    return `?${params.toString()}`;
  };
  return (
    <nav className="admin-pager" aria-label={t("list.pages")}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t("list.previous")}
        </Link>
      ) : null}
      <span>{t("list.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t("list.next")}
        </Link>
      ) : null}
    </nav>
  );
}

/** A filter's select: "all" first (empty value), then the options. */
export function FilterSelect(props: {
  name: string;
  label: string;
  value: string | null | undefined;
  options: readonly { value: string; label: string }[];
  /** the empty option's text; leave out when a value is always chosen */
  all?: string;
  testId?: string;
}) {
  return (
    <Field.Root width="auto">
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm" width="auto" minWidth="8rem">
        <NativeSelect.Field name={props.name} defaultValue={props.value ?? ""} bg="white" data-testid={props.testId}>
          {props.all !== undefined ? <option value="">{props.all}</option> : null}
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A filter's text, search or date field. */
export function FilterInput(props: {
  name: string;
  label: string;
  value: string | null | undefined;
  type?: "search" | "text" | "date";
  maxLength?: number;
  placeholder?: string;
  testId?: string;
}) {
  return (
    <Field.Root width="auto">
      <Field.Label>{props.label}</Field.Label>
      <Input
        size="sm"
        bg="white"
        type={props.type ?? "search"}
        name={props.name}
        defaultValue={props.value ?? ""}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        data-testid={props.testId}
        width={props.type === "date" ? "10rem" : "12rem"}
        maxWidth="100%"
      />
    </Field.Root>
  );
}
