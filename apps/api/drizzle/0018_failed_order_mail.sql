-- The order e-mails given up on, for the owner's dashboard (docs/behaviour.md §5.13): rare, so the
-- index is as small as the trouble.
CREATE INDEX "order_mail_outbox_failed_idx" ON "order_mail_outbox" USING btree ("id") WHERE "order_mail_outbox"."status" = 'failed';