import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types of the shop database (one set for SQLite and PostgreSQL).
 * Conventions: money in integer minor units (fen / cents); flags as 0/1 integers;
 * timestamps as ISO-8601 UTC text; dates as YYYY-MM-DD text; percentages in basis points.
 */
type Flag = ColumnType<number, number | undefined, number>;
// A number column with a database default (optional on insert).
type IntDefault = Flag;
type CreatedAt = ColumnType<string, string | undefined, never>;

export interface TenantTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  show_name_zh: string;
  show_name_en: string;
  currency: string;
  tax_rate_bp: number;
  free_shipping_amount: number;
  shipping_fee: number;
  /** the company entity whose catalogue this one was initialised from */
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'ready', or 'initialising' while its data is being copied */
  status: ColumnType<string, string | undefined, string>;
}

export interface CustomerTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  credit_limit: number;
  payment_terms_days: number;
  discount_bp: number;
  export_sales: Flag;
  /** 'dealer', or 'internal': the manufacturer's own party, whose users are staff (decision 042) */
  kind: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  /** the dealer's own free-shipping threshold (fen); null: the company entity's (decision 045) */
  free_shipping_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** payment terms (days) of acceptance-bill orders; `payment_terms_days` is on account's (decision 054) */
  bill_terms_days: ColumnType<number, number | undefined, number>;
}

export interface UserTable {
  id: Generated<number>;
  code: string;
  customer_id: number;
  master_user_id: number | null;
  parties_id: string | null;
  name: string;
  email: string;
  mobile: string;
  language: string | null;
  password_hash: string;
  price_adjustment_bp: number;
  can_order: Flag;
  can_see_price: Flag;
  can_see_stock: Flag;
  erp_account: string | null;
  status: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: string;
  /** the personal centre's avatar: its file in CONTENT_DIR and its type (migration 0010) */
  avatar_key: ColumnType<string | null, string | null | undefined, string | null>;
  avatar_type: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Sign-in hand-over (decision 048): the nonce of each hand-over token used, kept until it expires. */
export interface RelayNonceTable {
  nonce: string;
  account_code: string;
  used_at: string;
  expires_at: string;
}

export interface UserTenantTable {
  user_id: number;
  tenant_id: number;
  is_default: Flag;
}

export interface RoleTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  is_customer: Flag;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface MenuTable {
  id: Generated<number>;
  parent_id: number | null;
  type: string; // 'menu' | 'func'
  name: string;
  title_zh: string;
  title_en: string;
  href: string | null;
  func_code: string | null;
  sort: number;
  hidden: Flag;
  /** 'shop' (the shop's menus and routes) or 'admin' (the back office's sidebar) */
  area: ColumnType<string, string | undefined, string>;
  icon: ColumnType<string | null, string | null | undefined, string | null>;
  redirect: ColumnType<string | null, string | null | undefined, string | null>;
  active_menu: ColumnType<string | null, string | null | undefined, string | null>;
  always_show: Flag;
  no_cache: Flag;
  breadcrumb: Flag;
  affix: Flag;
  /** shown only in Chinese (spec §2: quotation, customer support, after-sales, partner cloud …) */
  zh_only: Flag;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface SessionTable {
  id: string; // sha-256 of the cookie token
  user_id: number;
  tenant_id: number;
  expires_at: string;
  created_at: CreatedAt;
  ip: string | null;
  user_agent: string | null;
}

export interface CatalogueNodeTable {
  id: Generated<number>;
  code: string;
  parent_code: string | null;
  level: number;
  label_zh: string;
  label_en: string;
  describe_zh: string;
  describe_en: string;
  show_flag: Flag;
  is_non_standard: Flag;
  sort: number;
}

export interface ProductTable {
  id: Generated<number>;
  ordering_code: string;
  /** ordering code upper-cased without spaces, hyphens and dots: what search matches */
  search_code: string;
  catalogue_code: string;
  kind: string; // turning_insert | milling_insert | end_mill | drill | holder
  name_zh: string;
  name_en: string;
  specification: string;
  grade: string | null;
  iso_shape: string | null;
  iso_size: string | null;
  nose_radius: string | null;
  chip_breaker: string | null;
  material_groups: string; // e.g. "PK"
  /** holders and inserts with the same fit key fit each other (shape + clearance + size) */
  fit_key: string | null;
  attributes: string; // JSON object of further attributes
  unit: string;
  mpq: number;
  moq: number;
  list_price: number | null;
  status: ColumnType<string, string | undefined, string>; // active | delisted
  is_new: Flag;
  is_hot: Flag;
  created_at: CreatedAt;
  updated_at: string;
}

export interface CustomerPriceTable {
  customer_id: number;
  tenant_id: number;
  product_id: number;
  price: number;
  /** when the price last changed (migration 0035; `?changedSince=` of the feed); null: not since */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StockTable {
  tenant_id: number;
  product_id: number;
  available: number;
  reserved: IntDefault;
  lead_time_days: number;
  /** set aside for approved stock reservations (decision 052); it left `available` */
  project_reserved: IntDefault;
  /** the entity's list price (fen incl. tax); null: the product master's `list_price` (decision 054) */
  list_price: ColumnType<number | null, number | null | undefined, number | null>;
  /** when `available` or the list price last changed (migration 0035; `?changedSince=` of the feed); null: not since */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CuttingDataTable {
  id: Generated<number>;
  grade: string;
  operation: string; // turning | milling | drilling
  material_group: string; // P M K N S H
  vc_min: number;
  vc_max: number;
  f_min: number;
  f_max: number;
  ap_min: number;
  ap_max: number;
}

export interface PromotionTable {
  id: Generated<number>;
  tenant_id: number;
  kind: string; // flash | sale | new | hot | out
  title_zh: string;
  title_en: string;
  starts_at: string;
  ends_at: string;
  discount_bp: number | null;
  min_qty: number | null;
  min_amount: number | null;
  gift_product_id: number | null;
  gift_qty: number | null;
  per_customer_limit: number | null;
  created_at: CreatedAt;
}

export interface PromotionItemTable {
  id: Generated<number>;
  promotion_id: number;
  product_id: number;
  promo_price: number | null;
  flash_stock: number | null;
  flash_sold: IntDefault;
}

export interface CartItemTable {
  id: Generated<number>;
  tenant_id: number;
  customer_id: number;
  user_id: number;
  product_id: number;
  qty: number;
  selected: Flag;
  promotion_item_id: number | null;
  /** the dealer chose "no promotion": the cart does not pre-select the best one (decision 065) */
  promotion_declined: IntDefault;
  /** the free-gift pieces the dealer chose, at most the allowance; null: the whole allowance (decision 074) */
  gift_qty: number | null;
  created_at: CreatedAt;
  updated_at: string;
}

export interface FavouriteTable {
  user_id: number;
  product_id: number;
  created_at: CreatedAt;
}

export interface AddressTable {
  id: Generated<number>;
  customer_id: number;
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  line: string;
  postcode: string;
  is_default: Flag;
  created_at: CreatedAt;
  updated_at: string;
}

export interface SalesOrderTable {
  id: Generated<number>;
  order_no: string;
  tenant_id: number;
  customer_id: number;
  user_id: number;
  status: string;
  po_no: string | null;
  consignee: string;
  phone: string;
  address_text: string;
  payment_method: string;
  payment_deadline: string | null;
  expected_delivery_date: string;
  goods_amount: number;
  discount_amount: number;
  shipping_fee: number;
  payable_amount: number;
  currency: string;
  remark: string | null;
  cancel_reason: string | null;
  submit_token: string | null;
  created_at: CreatedAt;
  updated_at: string;
  submitted_at: string | null;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  line_no: number;
  product_id: number;
  ordering_code: string;
  name_zh: string;
  name_en: string;
  qty: number;
  unit_price: number;
  discount_amount: number;
  amount: number;
  promotion_item_id: number | null;
  esd: string | null;
  ship_date: string | null;
  shipped_qty: IntDefault;
  /** the dealer's requested ship date, kept when the order desk proposes another (decision 044) */
  requested_date: string | null;
}

export interface ShipmentTable {
  id: Generated<number>;
  order_id: number;
  order_line_id: number;
  tenant_id: number;
  customer_id: number;
  ship_date: string;
  carrier: string;
  tracking_no: string;
  packing_slip_no: string;
  batch_no: string;
  qty: number;
  /** the shipment form's one-time token: a double post records one shipment (decision 044) */
  post_token: string | null;
  created_at: string | null;
}

export interface NoticeTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: number | null;
  type: string; // customer_feedback | erp_delivery_feedback | cancel_order | delivery | message
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  detail_id: number | null;
  order_no: string | null;
  is_read: Flag;
  created_at: CreatedAt;
}

/** A message staff sent to dealers (issue 29 item 13); each recipient got a notice of type `message`. */
export interface StaffMessageTable {
  id: Generated<number>;
  tenant_id: number;
  author_id: number;
  audience: string; // user | customer | province | role | all
  audience_value: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  recipients: number;
  submit_token: string;
  created_at: string;
}

export interface ContentTable {
  id: Generated<number>;
  tenant_id: number | null;
  kind: string; // announcement | research | download | solution | training
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  published_at: string;
  /** draft | published (decision 046): dealers see published items from published_at on */
  status: Generated<string>;
  category_id: ColumnType<number | null, number | null | undefined, number | null>;
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  file_name: Generated<string | null>;
  file_key: Generated<string | null>;
  file_type: Generated<string | null>;
  file_size: Generated<number | null>;
  video_url: Generated<string | null>;
  updated_at: Generated<string>;
}

export interface TrainingProgressTable {
  id: Generated<number>;
  user_id: number;
  content_id: number;
  completed_at: string;
}

export interface ContentCategoryTable {
  id: Generated<number>;
  kind: string;
  name_zh: string;
  name_en: string;
  sort: IntDefault;
}

export interface SysParameterTable {
  code: string;
  value: string;
  description: string;
}

export interface BrowsingFootprintTable {
  user_id: number;
  product_id: number;
  viewed_at: string;
}

export interface UserModuleFieldTable {
  user_id: number;
  module: string;
  fields: string; // JSON array of column keys
}

// auth tables (sign-in issue)
export interface CaptchaTable {
  id: string; // sha-256 of the cookie token
  answer_hash: string;
  expires_at: string;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account_code: string;
  ip: string;
  created_at: string;
  /** 1 while its password is being checked (decision 055), 0 once it failed */
  checking: Generated<number>;
}

/** One row per account code and per client address: what the login throttle locks (decision 055). */
export interface LoginThrottleLockTable {
  key: string;
  touched_at: string;
}

export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  kind: string; // link | sms
  user_id: number | null;
  account_code: string;
  code_hash: string | null;
  attempts: IntDefault;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A batch order import (orders issue): progress and the per-row report (JSON). */
export interface ImportJobTable {
  id: Generated<number>;
  user_id: number;
  tenant_id: number;
  customer_id: number;
  status: string; // running | done | failed
  file_name: string;
  total: IntDefault;
  done: IntDefault;
  ok_count: IntDefault;
  bad_count: IntDefault;
  report: ColumnType<string, string | undefined, string>;
  error_key: string | null;
  /** the parsed rows (JSON) while the job waits or runs; cleared when it ends (decision 084) */
  input: Uint8Array | null;
  created_at: CreatedAt;
  updated_at: string;
}

/** Back office (decision 042). */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: CreatedAt;
  user_id: number | null;
  user_code: string;
  tenant_id: number | null;
  action: string; // create | update | delete | grant | revoke | lock | unlock | reset
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
}

export interface StaffSettingTable {
  user_id: number;
  theme_color: ColumnType<string, string | undefined, string>;
  tags_view: Flag;
  fixed_header: Flag;
  sidebar_logo: Flag;
}

export interface BackgroundJobTable {
  id: Generated<number>;
  kind: string; // tenant_init
  status: string; // running | done | failed
  total: IntDefault;
  done: IntDefault;
  subject_id: number | null;
  message: string | null;
  created_by: number | null;
  /** the uploaded file while the job waits or runs; cleared when it ends (decision 084) */
  input: Uint8Array | null;
  created_at: CreatedAt;
  updated_at: ColumnType<string, string | undefined, string>;
}

/** A job sent with `runJob` on SQLite (decision 084; pg-boss keeps its own tables on PostgreSQL). */
export interface QueuedJobTable {
  id: Generated<number>;
  queue: string;
  data: string;
  status: string; // queued | active | done | failed
  attempts: IntDefault;
  retry_limit: number;
  retry_delay_seconds: number;
  expire_seconds: number;
  run_after: string;
  expires_at: string | null;
  singleton_key: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface ErrorLogTable {
  id: Generated<number>;
  created_at: CreatedAt;
  method: string;
  path: string;
  message: string;
  stack: string | null;
}

export interface DataVersionTable {
  key: string;
  version: IntDefault;
}

// customer services (decision 050)
export interface SurveyTable {
  id: Generated<number>;
  title_zh: string;
  title_en: string;
  /** China days, inclusive (YYYY-MM-DD) */
  starts_on: string;
  ends_on: string;
  created_at: string;
  updated_at: string;
}

export interface SurveyQuestionTable {
  id: Generated<number>;
  survey_id: number;
  sort: number;
  kind: string; // scale | text
  text_zh: string;
  text_en: string;
}

export interface SurveyResponseTable {
  id: Generated<number>;
  survey_id: number;
  user_id: number;
  tenant_id: number;
  created_at: string;
}

export interface SurveyAnswerTable {
  id: Generated<number>;
  response_id: number;
  question_id: number;
  score: number | null;
  text: string | null;
}

export interface SupportRequestTable {
  id: Generated<number>;
  request_no: string;
  kind: string; // sample | tool_body
  tenant_id: number;
  customer_id: number;
  user_id: number;
  status: string; // submitted | approved | refused | shipped
  end_customer: string;
  purpose: string;
  supply_mode: string | null; // tool bodies: loan | supply
  reason: string | null;
  tracking_no: string | null;
  carrier: string | null;
  post_token: string;
  decided_by: number | null;
  decided_at: string | null;
  shipped_at: string | null;
  created_at: string;
  updated_at: string;
  /** marketing support: the date the dealer wants the items by (decision 052) */
  wanted_date?: string | null;
}

export interface SupportRequestLineTable {
  id: Generated<number>;
  request_id: number;
  product_id: number;
  ordering_code: string;
  qty: number;
}

/** An order handed to the ERP (issue 30, decision 072): handed again after its lease until acknowledged. */
export interface ErpHandoverTable {
  order_id: number;
  tenant_id: number;
  batch_id: string;
  handed_at: string;
  attempts: IntDefault;
  acknowledged_at: string | null;
}

/** The first answer of an integration call made with the caller's key (decision 072). */
export interface ApiIdempotencyTable {
  user_id: number;
  call: string;
  idem_key: string;
  answer: string | null;
  created_at: string;
}

/** A customer's API key of the stock and price feed (decision 073): only its sha256 is kept. */
export interface FeedKeyTable {
  id: Generated<number>;
  customer_id: number;
  created_by: number;
  name: string;
  /** the key's first characters, shown to tell keys apart */
  prefix: string;
  key_hash: string;
  /** the creating form's token: a double post makes one key */
  form_token: string;
  created_at: string;
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An uploaded file's bytes when FILE_STORE=database (decision 081); the key is the content store's file name. */
export interface StoredFileTable {
  key: string;
  body: Uint8Array;
  size: number;
  created_at: string;
}

/** Requests per bucket (`post:<address>`, `feed:<key id>`) and minute, shared by every process (decision 079). */
export interface RequestCountTable {
  bucket: string;
  minute: number;
  hits: number;
}

/** The hourly full export of a customer's feed (decision 073) and the lock of its rebuild. */
export interface FeedExportTable {
  customer_id: number;
  file_key: ColumnType<string | null, string | null | undefined, string | null>;
  etag: ColumnType<string | null, string | null | undefined, string | null>;
  rows: IntDefault;
  built_at: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A part of a feed export kept in the database (FILE_STORE=database, decision 085). */
export interface FeedExportPartTable {
  file_key: string;
  part: number;
  body: Uint8Array;
  /** when written, and again when its export was replaced */
  updated_at: string;
}

export interface Database {
  tenant: TenantTable;
  customer: CustomerTable;
  app_user: UserTable;
  user_tenant: UserTenantTable;
  relay_nonce: RelayNonceTable;
  role: RoleTable;
  user_role: UserRoleTable;
  menu: MenuTable;
  role_menu: RoleMenuTable;
  session: SessionTable;
  catalogue_node: CatalogueNodeTable;
  product: ProductTable;
  customer_price: CustomerPriceTable;
  stock: StockTable;
  cutting_data: CuttingDataTable;
  promotion: PromotionTable;
  promotion_item: PromotionItemTable;
  cart_item: CartItemTable;
  favourite: FavouriteTable;
  address: AddressTable;
  sales_order: SalesOrderTable;
  order_line: OrderLineTable;
  shipment: ShipmentTable;
  notice: NoticeTable;
  staff_message: StaffMessageTable;
  erp_handover: ErpHandoverTable;
  api_idempotency: ApiIdempotencyTable;
  feed_key: FeedKeyTable;
  request_count: RequestCountTable;
  queued_job: QueuedJobTable;
  stored_file: StoredFileTable;
  feed_export: FeedExportTable;
  feed_export_part: FeedExportPartTable;
  content: ContentTable;
  content_category: ContentCategoryTable;
  training_progress: TrainingProgressTable;
  sys_parameter: SysParameterTable;
  browsing_footprint: BrowsingFootprintTable;
  user_module_field: UserModuleFieldTable;
  // auth tables (sign-in issue) below
  captcha: CaptchaTable;
  login_failure: LoginFailureTable;
  login_throttle_lock: LoginThrottleLockTable;
  password_reset: PasswordResetTable;
  // catalogue tables (catalogue issue) below
  // order tables (orders issue) below
  import_job: ImportJobTable;
  // back office (decision 042)
  audit_log: AuditLogTable;
  staff_setting: StaffSettingTable;
  background_job: BackgroundJobTable;
  error_log: ErrorLogTable;
  data_version: DataVersionTable;
  // after-sales feedback (decision 049)
  feedback: FeedbackTable;
  feedback_message: FeedbackMessageTable;
  feedback_photo: FeedbackPhotoTable;
  // customer services: surveys, sample and tool-body requests (decision 050)
  survey: SurveyTable;
  survey_question: SurveyQuestionTable;
  survey_response: SurveyResponseTable;
  survey_answer: SurveyAnswerTable;
  support_request: SupportRequestTable;
  support_request_line: SupportRequestLineTable;
  // customized tool quotations (decision 051)
  quote_tool_type: QuoteToolTypeTable;
  quote_attribute: QuoteAttributeTable;
  quotation: QuotationTable;
  quotation_message: QuotationMessageTable;
  quotation_file: QuotationFileTable;
  marketing_item: MarketingItemTable;
  support_request_item: SupportRequestItemTable;
  stock_reservation: StockReservationTable;
  stock_reservation_line: StockReservationLineTable;
  stock_reservation_use: StockReservationUseTable;
  // rare-earth bidding (decision 053)
  bidding: BiddingTable;
  bidding_document: BiddingDocumentTable;
}

/** A dealer's after-sales feedback on an order or one of its lines (decision 049). */
export interface FeedbackTable {
  id: Generated<number>;
  tenant_id: number;
  customer_id: number;
  user_id: number;
  order_id: number;
  order_line_id: number | null;
  order_no: string;
  type: string; // quality | wrong_delivery | damage | performance | other
  description: string;
  status: string; // open | answered | waiting | closed
  submit_token: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface FeedbackMessageTable {
  id: Generated<number>;
  feedback_id: number;
  user_id: number;
  user_code: string;
  author: string; // dealer | staff
  event: string; // open | message | reply | ask | close
  body: string;
  submit_token: string;
  created_at: string;
}

export interface FeedbackPhotoTable {
  id: Generated<number>;
  feedback_id: number;
  file_key: string;
  file_type: string;
  file_size: number;
  file_name: string;
}

export type Tenant = Selectable<TenantTable>;
export type Customer = Selectable<CustomerTable>;
export type User = Selectable<UserTable>;
export type CatalogueNode = Selectable<CatalogueNodeTable>;
export type Product = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
export type SalesOrder = Selectable<SalesOrderTable>;

/** Customized tool quotations (decision 051): the tool types and their attributes (ERP GetAttr). */
export interface QuoteToolTypeTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  sort: number;
  active: Flag;
}

export interface QuoteAttributeTable {
  id: Generated<number>;
  type_id: number;
  key: string;
  label_zh: string;
  label_en: string;
  kind: string; // number | choice | text
  unit: string | null;
  min_value: number | null;
  max_value: number | null;
  choices: string | null; // JSON array
  required: Flag;
  sort: number;
  /** 0: removed from the form, kept for the earlier requests that carry a value for it (migration 0018) */
  active: Flag;
}

export interface QuotationTable {
  id: Generated<number>;
  quote_no: string;
  tenant_id: number;
  customer_id: number;
  user_id: number;
  type_id: number;
  attributes: string; // JSON object key → value
  qty: number;
  wanted_date: string | null;
  material: string;
  note: string;
  status: string; // submitted | question | quoted | accepted | declined | cancelled | ordered
  unit_price: number | null;
  moq: number | null;
  lead_time_days: number | null;
  valid_until: string | null;
  quoted_by: number | null;
  quoted_at: string | null;
  product_id: number | null;
  order_no: string | null;
  post_token: string;
  created_at: string;
  updated_at: string;
}

export interface QuotationMessageTable {
  id: Generated<number>;
  quotation_id: number;
  user_id: number;
  user_code: string;
  author: string; // dealer | staff
  event: string;
  body: string;
  unit_price: number | null;
  moq: number | null;
  lead_time_days: number | null;
  valid_until: string | null;
  post_token: string;
  created_at: string;
}

export interface QuotationFileTable {
  id: Generated<number>;
  quotation_id: number;
  file_key: string;
  file_type: string;
  file_size: number;
  file_name: string;
}

/** Marketing items a dealer can ask for (decision 052), per company entity. */
export interface MarketingItemTable {
  id: Generated<number>;
  tenant_id: number;
  name_zh: string;
  name_en: string;
  max_qty: number;
  active: IntDefault;
  sort: IntDefault;
  created_at: string;
  updated_at: string;
}

/** A line of a marketing-support request: an item with its names as asked. */
export interface SupportRequestItemTable {
  id: Generated<number>;
  request_id: number;
  marketing_item_id: number;
  name_zh: string;
  name_en: string;
  qty: number;
}

/** A dealer's stock reservation for an end-customer project (decision 052). */
export interface StockReservationTable {
  id: Generated<number>;
  reservation_no: string;
  tenant_id: number;
  customer_id: number;
  user_id: number;
  status: string; // submitted | approved | refused | withdrawn | released
  end_customer: string;
  project: string;
  starts_on: string;
  ends_on: string;
  remark: string | null;
  reason: string | null;
  post_token: string;
  decided_by: number | null;
  decided_at: string | null;
  released_at: string | null;
  release_cause: string | null; // staff | dealer | expired
  created_at: string;
  updated_at: string;
}

export interface StockReservationLineTable {
  id: Generated<number>;
  reservation_id: number;
  product_id: number;
  ordering_code: string;
  qty: number;
  approved_qty: IntDefault;
  ordered_qty: IntDefault;
  released_qty: IntDefault;
}

/** How much an order drew from a reservation line. */
export interface StockReservationUseTable {
  id: Generated<number>;
  line_id: number;
  order_no: string;
  qty: number;
  created_at: string;
}

/** A rare-earth / tungsten tender announcement on /gdre (decision 053). */
export interface BiddingTable {
  id: Generated<number>;
  bidding_no: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  contact: string;
  status: string; // draft | published
  published_at: string;
  opens_at: string;
  closes_at: string;
  created_at: string;
  updated_at: string;
}

export interface BiddingDocumentTable {
  id: Generated<number>;
  bidding_id: number;
  file_name: string;
  file_type: string;
  file_size: number;
  file_key: string;
  created_at: string;
}
