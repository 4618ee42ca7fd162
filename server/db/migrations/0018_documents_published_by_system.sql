-- Documents the product publishes on the team's behalf (the national NFS-e emission) count as the team's even when
-- no person ran it: an automatic schedule or a retry of the scheduler left published_by null, which read as the
-- customer's own upload.
ALTER TABLE "documents" ADD COLUMN "published_by_system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The DANFSe and XML already published by a national emission.
UPDATE "documents" SET "published_by_system" = true
WHERE "id" IN (
  SELECT "r"."pdf_document_id" FROM "nfs_requests" "r" JOIN "nfse_emissions" "e" ON "e"."request_id" = "r"."id"
  WHERE "r"."pdf_document_id" IS NOT NULL
  UNION
  SELECT "r"."xml_document_id" FROM "nfs_requests" "r" JOIN "nfse_emissions" "e" ON "e"."request_id" = "r"."id"
  WHERE "r"."xml_document_id" IS NOT NULL
);
