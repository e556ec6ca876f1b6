-- The tax included in an invoice's total, stored as charged (docs/decisions/032): net + tax =
-- total in minor units, and the rate in basis points (null when a provider's invoice did not
-- say). Invoices issued before this migration get figures computed once, here, with the
-- embedded EU VAT table of that time and their owner's country (0 for other countries and for
-- deleted accounts), so later configuration changes never rewrite them.
ALTER TABLE "invoices" ADD COLUMN "net" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate_bps" integer;--> statement-breakpoint
UPDATE "invoices" AS i SET "tax_rate_bps" = CASE u."country"
	WHEN 'AT' THEN 2000 WHEN 'BE' THEN 2100 WHEN 'BG' THEN 2000 WHEN 'HR' THEN 2500 WHEN 'CY' THEN 1900
	WHEN 'CZ' THEN 2100 WHEN 'DK' THEN 2500 WHEN 'EE' THEN 2400 WHEN 'FI' THEN 2550 WHEN 'FR' THEN 2000
	WHEN 'DE' THEN 1900 WHEN 'GR' THEN 2400 WHEN 'HU' THEN 2700 WHEN 'IE' THEN 2300 WHEN 'IT' THEN 2200
	WHEN 'LV' THEN 2100 WHEN 'LT' THEN 2100 WHEN 'LU' THEN 1700 WHEN 'MT' THEN 1800 WHEN 'NL' THEN 2100
	WHEN 'PL' THEN 2300 WHEN 'PT' THEN 2300 WHEN 'RO' THEN 2100 WHEN 'SK' THEN 2300 WHEN 'SI' THEN 2200
	WHEN 'ES' THEN 2100 WHEN 'SE' THEN 2500 ELSE 0 END
FROM "invoices" AS o LEFT JOIN "users" AS u ON u."id" = o."user_id"
WHERE o."id" = i."id";--> statement-breakpoint
UPDATE "invoices" SET "tax" = sign("total")::integer * ((2 * abs("total")::bigint * "tax_rate_bps" + 10000 + "tax_rate_bps") / (2 * (10000 + "tax_rate_bps")))::integer;--> statement-breakpoint
UPDATE "invoices" SET "net" = "total" - "tax";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "net" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax" SET NOT NULL;
