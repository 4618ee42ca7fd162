CREATE TYPE "public"."bank_account_kind" AS ENUM('checking', 'savings', 'credit_card', 'other');--> statement-breakpoint
CREATE TYPE "public"."bank_account_source" AS ENUM('ofx', 'cora');--> statement-breakpoint
CREATE TYPE "public"."category_source" AS ENUM('manual', 'rule');--> statement-breakpoint
CREATE TYPE "public"."tax_category_kind" AS ENUM('income', 'expense', 'transfer');--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"source" "bank_account_source" NOT NULL,
	"bank_id" text DEFAULT '' NOT NULL,
	"branch_id" text DEFAULT '' NOT NULL,
	"account_number" text NOT NULL,
	"kind" "bank_account_kind" NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"last_import_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"posted_on" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"memo" text,
	"type" text,
	"external_id" text,
	"dedup_key" text NOT NULL,
	"tax_category_id" text,
	"category_source" "category_source",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contains" text NOT NULL,
	"direction" text DEFAULT 'any' NOT NULL,
	"tax_category_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" "tax_category_kind" NOT NULL,
	"ledger_account" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rules" ADD CONSTRAINT "category_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_identity_key" ON "bank_accounts" USING btree ("company_id","bank_id","branch_id","account_number","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_dedup_key" ON "bank_transactions" USING btree ("account_id","dedup_key");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_idx" ON "bank_transactions" USING btree ("account_id","posted_on");--> statement-breakpoint
CREATE INDEX "bank_transactions_company_idx" ON "bank_transactions" USING btree ("company_id","posted_on");--> statement-breakpoint
CREATE UNIQUE INDEX "category_rules_company_text_key" ON "category_rules" USING btree ("company_id","contains","direction");--> statement-breakpoint
-- The tax categories of domain/bankStatements.ts (TAX_CATEGORIES).
INSERT INTO "tax_categories" ("id", "name", "kind", "ledger_account", "description", "position") VALUES
('receita-servicos', 'Receita de serviços', 'income', '3.1.1.01', 'Pagamentos de clientes por serviços prestados.', 1),
('receita-vendas', 'Receita de vendas', 'income', '3.1.1.02', 'Vendas de mercadorias e produtos.', 2),
('receitas-financeiras', 'Receitas financeiras', 'income', '3.2.1.01', 'Rendimentos de aplicações e juros recebidos.', 3),
('aporte-socios', 'Aporte dos sócios', 'income', '2.3.1.01', 'Dinheiro colocado na empresa pelos sócios (capital).', 4),
('emprestimos-recebidos', 'Empréstimos recebidos', 'income', '2.1.4.01', 'Empréstimos e financiamentos liberados pelo banco.', 5),
('outras-receitas', 'Outras receitas', 'income', '3.2.9.99', 'Entradas que não se encaixam nas demais.', 6),
('pro-labore', 'Pró-labore', 'expense', '4.1.1.01', 'Remuneração mensal dos sócios que trabalham na empresa.', 7),
('distribuicao-lucros', 'Distribuição de lucros', 'expense', '2.3.4.01', 'Lucros repassados aos sócios (isentos de IR).', 8),
('impostos-taxas', 'Impostos e taxas', 'expense', '4.1.3.01', 'DAS, ISS, IRPJ, CSLL, taxas municipais e estaduais.', 9),
('folha-pagamento', 'Folha de pagamento', 'expense', '4.1.1.02', 'Salários, férias, 13º, FGTS e INSS de funcionários.', 10),
('aluguel', 'Aluguel e condomínio', 'expense', '4.1.2.01', 'Aluguel do imóvel, condomínio e IPTU.', 11),
('fornecedores', 'Fornecedores', 'expense', '4.1.2.02', 'Compras de mercadorias, matéria-prima e insumos.', 12),
('servicos-terceiros', 'Serviços de terceiros', 'expense', '4.1.2.05', 'Contador, advogado, freelancers e outros prestadores.', 13),
('despesas-administrativas', 'Despesas administrativas', 'expense', '4.1.2.03', 'Material de escritório, softwares, assinaturas.', 14),
('agua-luz-telefone', 'Água, luz, telefone e internet', 'expense', '4.1.2.04', 'Contas de consumo da empresa.', 15),
('marketing', 'Marketing e publicidade', 'expense', '4.1.2.06', 'Anúncios, impulsionamentos, material de divulgação.', 16),
('transporte', 'Transporte e combustível', 'expense', '4.1.2.07', 'Combustível, aplicativos de transporte, pedágios, fretes.', 17),
('tarifas-bancarias', 'Tarifas bancárias', 'expense', '4.1.4.01', 'Tarifas de conta, TED, boletos e maquininha.', 18),
('juros-multas', 'Juros e multas pagos', 'expense', '4.1.4.02', 'Juros de atraso, multas e encargos de empréstimos.', 19),
('emprestimos-pagos', 'Pagamento de empréstimos', 'expense', '2.1.4.01', 'Parcelas de empréstimos e financiamentos.', 20),
('outras-despesas', 'Outras despesas', 'expense', '4.1.9.99', 'Saídas que não se encaixam nas demais.', 21),
('transferencia-entre-contas', 'Transferência entre contas', 'transfer', '1.1.1.09', 'Dinheiro movido entre contas da própria empresa.', 22),
('aplicacao-resgate', 'Aplicação / resgate', 'transfer', '1.1.2.01', 'Aplicações financeiras e seus resgates.', 23)
ON CONFLICT ("id") DO NOTHING;
