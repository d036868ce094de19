-- A tool that an order names is archived, never deleted (docs/behaviour.md §3.12): the key now
-- refuses the delete, and the catalogue archives the tool when it is refused.
ALTER TABLE "orders" DROP CONSTRAINT "orders_tool_id_tools_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;