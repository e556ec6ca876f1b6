-- An account's subscriptions, newest first: Billing's list and every access check read them by
-- account; only the current one had an index (subscriptions_one_current_idx), so with many
-- accounts each read scanned the table (the growth bench, issue 14).
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");
