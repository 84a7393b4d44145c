CREATE TABLE "goods_receipt_lines" (
	"receipt_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	CONSTRAINT "goods_receipt_lines_receipt_id_line_no_pk" PRIMARY KEY("receipt_id","line_no"),
	CONSTRAINT "goods_receipt_lines_quantity_check" CHECK ("goods_receipt_lines"."quantity" > 0),
	CONSTRAINT "goods_receipt_lines_unit_cost_check" CHECK ("goods_receipt_lines"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "goods_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"reference" text,
	"received_on" date NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"vat_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "last_cost" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_receipt_id_goods_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."goods_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_item_idx" ON "goods_receipt_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_number_key" ON "goods_receipts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "goods_receipts_created_idx" ON "goods_receipts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "goods_receipts_received_idx" ON "goods_receipts" USING btree ("received_on","id");--> statement-breakpoint
CREATE INDEX "goods_receipts_warehouse_idx" ON "goods_receipts" USING btree ("warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_receipts_supplier_idx" ON "goods_receipts" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_key" ON "suppliers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "suppliers_created_idx" ON "suppliers" USING btree ("created_at","id");--> statement-breakpoint
-- Existing categories become category codes named as they were (the demo company's in Arabic too);
-- units outside the list are mapped to the nearest one, else counted in pieces.
INSERT INTO "item_categories" ("code", "name_ar", "name_en")
SELECT DISTINCT "category",
  CASE "category" WHEN 'Screens' THEN 'شاشات' WHEN 'Batteries' THEN 'بطاريات' WHEN 'Storage' THEN 'وحدات تخزين'
    WHEN 'Laptop Parts' THEN 'قطع الحواسيب المحمولة' WHEN 'Appliance Parts' THEN 'قطع الأجهزة المنزلية'
    WHEN 'Printer Consumables' THEN 'مستلزمات الطابعات' WHEN 'Network' THEN 'شبكات' ELSE "category" END,
  "category"
FROM "inventory_items" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "inventory_items" SET "unit" = CASE
  WHEN lower(trim("unit")) IN ('pcs', 'set', 'pair', 'box', 'pack', 'roll', 'kg', 'g', 'm', 'l') THEN lower(trim("unit"))
  WHEN lower(trim("unit")) IN ('meter', 'metre', 'meters', 'metres') THEN 'm'
  WHEN lower(trim("unit")) IN ('litre', 'liter', 'litres', 'liters') THEN 'l'
  WHEN lower(trim("unit")) IN ('kilogram', 'kilograms', 'kgs') THEN 'kg'
  WHEN lower(trim("unit")) IN ('gram', 'grams') THEN 'g'
  ELSE 'pcs' END
WHERE "unit" NOT IN ('pcs', 'set', 'pair', 'box', 'pack', 'roll', 'kg', 'g', 'm', 'l');--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_category_item_categories_code_fk" FOREIGN KEY ("category") REFERENCES "public"."item_categories"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_unit_check" CHECK ("inventory_items"."unit" in ('pcs', 'set', 'pair', 'box', 'pack', 'roll', 'kg', 'g', 'm', 'l'));--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_last_cost_check" CHECK ("inventory_items"."last_cost" >= 0);