ALTER TYPE "public"."document_type" ADD VALUE 'distrato' BEFORE 'outros';--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'acesso_prefeitura' BEFORE 'outros';--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'balanco_ecd' BEFORE 'outros';--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'folha_pagamento' BEFORE 'outros';