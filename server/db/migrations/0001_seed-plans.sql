-- The four plans on sale (docs: shared/spec/decisions.md, "Plans"); editable in the database afterwards.
INSERT INTO "plans" ("id", "position", "name", "amount", "currency", "interval", "interval_count", "quality", "resolution", "resolution_full", "simultaneous_screens", "downloads", "devices", "popular") VALUES
  ('basic', 0, 'Basic', 999, 'EUR', 'month', 1, 'HD', '720p', 'HD (720p)', 1, 1, ARRAY['TV', 'computer', 'mobile phone', 'tablet'], false),
  ('standard', 1, 'Standard', 1399, 'EUR', 'month', 1, 'FULL HD', '1080p', 'Full HD (1080p)', 2, 2, ARRAY['TV', 'computer', 'mobile phone', 'tablet'], true),
  ('premium', 2, 'Premium', 1799, 'EUR', 'month', 1, '4K + HDR', '2160p', '4K Ultra HD + HDR (2160p)', 4, 6, ARRAY['TV', 'computer', 'mobile phone', 'tablet'], false),
  ('mobile', 3, 'Mobile', 899, 'EUR', 'month', 1, 'HD', '720p', 'HD (720p)', 1, 1, ARRAY['mobile phone', 'tablet'], false)
ON CONFLICT ("id") DO NOTHING;
