/**
 * Luca's dictionary: how people describe their business, and the same idea in the words of the CNAE texts and
 * MEI occupations, which is what the search vector holds. A person says "salão de beleza"; CNAE 2.3 says
 * "Cabeleireiros, manicure e pedicure". Matching is on words, never on codes, so an entry helps every subclass
 * that speaks of the same thing.
 *
 * How to add an entry:
 * - `says`: words and short phrases as typed, accents optional; plurals are folded when matching ("bolo" also
 *   matches "bolos") and stop words ignored, but feminine forms must be listed ("cabeleireira").
 * - `means`: words taken from the CNAE or MEI texts (they are stemmed in Portuguese on the database side).
 * - `tradeNames`: heads of a trade name for this kind of business ("Confeitaria" → "Confeitaria da Ana"); the
 *   first one is the most typical. Leave it out for words that only qualify another (a channel, a verb).
 */
export interface ActivitySynonym {
  says: readonly string[];
  means: string;
  tradeNames?: readonly string[];
}

export const ACTIVITY_SYNONYMS: readonly ActivitySynonym[] = [
  // Beauty and personal care
  {
    says: [
      'salão de beleza',
      'salão',
      'cabeleireiro',
      'cabelo',
      'corte de cabelo',
      'escova progressiva',
      'cabeleireira',
      // How it is often typed.
      'cabelereiro',
      'cabelereira',
      'cabelerero',
    ],
    means: 'cabeleireiros manicure pedicure',
    tradeNames: ['Salão', 'Beleza', 'Studio de Beleza', 'Espaço Beleza'],
  },
  {
    says: ['barbearia', 'barbeiro', 'barbeira', 'barba'],
    means: 'cabeleireiros barbeiro',
    tradeNames: ['Barbearia', 'Barber Shop'],
  },
  {
    says: ['manicure', 'pedicure', 'unha', 'unhas', 'nail designer', 'esmalteria'],
    means: 'manicure pedicure',
    tradeNames: ['Esmalteria', 'Studio de Unhas', 'Nail Bar'],
  },
  {
    says: ['maquiadora', 'maquiagem', 'make', 'maquiador'],
    means: 'maquiador estética beleza',
    tradeNames: ['Make', 'Studio de Maquiagem', 'Beauty'],
  },
  {
    says: [
      'estética',
      'esteticista',
      'depilação',
      'sobrancelha',
      'design de sobrancelha',
      'designer de sobrancelha',
      'limpeza de pele',
      'cílios',
      'massagem',
    ],
    means: 'estética esteticista depilador cuidados beleza',
    tradeNames: ['Estética', 'Espaço Estética', 'Clínica de Estética'],
  },
  {
    says: ['tatuagem', 'tatuador', 'tatuadora', 'tattoo', 'piercing'],
    means: 'tatuagem tatuador piercing',
    tradeNames: ['Tattoo', 'Studio Tattoo'],
  },

  // Health
  {
    says: ['dentista', 'odontologia', 'consultório odontológico', 'ortodontia'],
    means: 'odontológica',
    tradeNames: ['Odontologia', 'Clínica Odontológica', 'Sorriso'],
  },
  {
    // "Consultório" alone is also a dentist's or a psychologist's: only the phrases that say so mean medicine.
    says: ['médico', 'médica', 'consultório médico', 'clínica médica', 'consultas médicas'],
    means: 'atividade médica ambulatorial consultas',
    tradeNames: ['Clínica', 'Consultório', 'Saúde'],
  },
  {
    says: ['psicólogo', 'psicóloga', 'psicologia', 'terapia', 'terapeuta', 'psicanalista'],
    means: 'psicologia psicanálise',
    tradeNames: ['Psicologia', 'Espaço Terapêutico'],
  },
  {
    says: ['nutricionista', 'nutrição', 'dieta', 'nutri'],
    means: 'profissionais da nutrição',
    tradeNames: ['Nutrição', 'Nutri'],
  },
  {
    says: ['fisioterapeuta', 'fisioterapia', 'pilates', 'rpg'],
    means: 'fisioterapia',
    tradeNames: ['Fisioterapia', 'Fisio', 'Studio de Pilates'],
  },
  {
    says: ['enfermeira', 'enfermeiro', 'enfermagem', 'técnica de enfermagem'],
    means: 'enfermagem',
    tradeNames: ['Enfermagem', 'Cuidar'],
  },
  {
    says: ['fonoaudiólogo', 'fonoaudióloga', 'fonoaudiologia', 'fono'],
    means: 'fonoaudiologia',
    tradeNames: ['Fonoaudiologia', 'Fono'],
  },
  {
    says: ['cuidador de idosos', 'cuidadora de idosos', 'cuidadora', 'cuidador', 'idosos', 'home care'],
    means: 'cuidador idosos enfermos assistência domicílio',
    tradeNames: ['Cuidar', 'Home Care'],
  },
  { says: ['acupuntura', 'acupunturista'], means: 'acupuntura', tradeNames: ['Acupuntura', 'Equilíbrio'] },

  // Sport and well-being
  {
    says: ['personal trainer', 'personal', 'academia', 'treino', 'musculação', 'crossfit', 'educador físico', 'educadora física'],
    means: 'condicionamento físico ensino de esportes',
    tradeNames: ['Academia', 'Fitness', 'Studio Fitness'],
  },
  {
    says: ['professor de dança', 'professora de dança', 'dança', 'escola de dança'],
    means: 'ensino de dança',
    tradeNames: ['Escola de Dança', 'Studio de Dança'],
  },
  {
    says: ['yoga', 'ioga', 'meditação'],
    means: 'práticas integrativas complementares saúde condicionamento físico',
    tradeNames: ['Yoga', 'Espaço Zen'],
  },

  // Technology, design and communication
  {
    says: [
      'programador',
      'programadora',
      'desenvolvedor',
      'desenvolvedora',
      'software',
      'aplicativo',
      'app',
      'sistema',
      'sistemas',
      'programação',
      'dev',
      'ti',
      'tecnologia',
    ],
    means: 'desenvolvimento programas computador',
    tradeNames: ['Tech', 'Sistemas', 'Software'],
  },
  {
    says: ['site', 'sites', 'website', 'web design', 'webdesigner', 'web designer', 'landing page', 'wordpress'],
    means: 'web design desing portais internet',
    tradeNames: ['Web', 'Digital', 'Web Studio'],
  },
  {
    says: ['suporte técnico', 'técnico de informática', 'conserto de computador', 'formatação', 'computador', 'notebook'],
    means: 'manutenção computadores suporte técnico',
    tradeNames: ['Informática', 'Tech'],
  },
  {
    says: ['consultoria em ti', 'consultor de ti', 'infraestrutura de ti', 'cloud', 'nuvem'],
    means: 'consultoria tecnologia informação',
    tradeNames: ['Tech', 'Consultoria'],
  },
  {
    says: ['designer', 'logo'],
    means: 'design desing',
    tradeNames: ['Design', 'Studio', 'Criativo'],
  },
  {
    // Graphic design is the catch-all subclass (7410-2/99), not product design.
    says: ['designer gráfico', 'design gráfico', 'identidade visual', 'logotipo'],
    means: 'atividades desing especificadas anteriormente',
    tradeNames: ['Design', 'Studio', 'Criativo'],
  },
  {
    says: ['design de interiores', 'decoradora', 'decorador', 'decoração de interiores'],
    means: 'design interiores',
    tradeNames: ['Interiores', 'Design', 'Arquitetura'],
  },
  {
    says: [
      'marketing digital',
      'marketing',
      'social media',
      'redes sociais',
      'tráfego pago',
      'gestor de tráfego',
      'gestora de tráfego',
      'agência',
      'publicidade',
      'propaganda',
    ],
    means: 'publicidade marketing agências',
    tradeNames: ['Marketing', 'Agência', 'Digital'],
  },
  {
    says: ['influenciador', 'influencer', 'youtuber', 'criador de conteúdo', 'conteúdo digital'],
    means: 'portais provedores conteúdo internet',
    tradeNames: ['Conteúdo', 'Digital', 'Media'],
  },
  {
    says: ['fotógrafo', 'fotógrafa', 'fotografia', 'fotos', 'ensaio fotográfico', 'ensaios fotográficos'],
    means: 'produção de fotografias fotógrafo',
    tradeNames: ['Fotografia', 'Foto', 'Studio'],
  },
  {
    says: [
      'filmagem',
      'filmagens',
      'filmo',
      'filmar',
      'vídeo',
      'videomaker',
      'cinegrafista',
      'editora de vídeo',
      'edição de vídeo',
      'editor de vídeo',
    ],
    means: 'filmagem filmador vídeo editor',
    tradeNames: ['Filmes', 'Produções', 'Studio'],
  },
  {
    says: ['tradutor', 'tradutora', 'tradução', 'intérprete'],
    means: 'tradução interpretação',
    tradeNames: ['Traduções', 'Idiomas'],
  },
  {
    says: ['músico', 'musicista', 'cantor', 'cantora', 'banda'],
    means: 'cantor músico disc jockey produção musical',
    tradeNames: ['Music', 'Produções', 'Som'],
  },
  {
    says: ['dj', 'dj para festas', 'dj de festas', 'dj para eventos', 'disc jockey'],
    means: 'disc jockey sonorização',
    tradeNames: ['DJ', 'Som'],
  },

  // Professional services
  {
    says: ['contador', 'contadora', 'contabilidade', 'escritório contábil', 'contábil'],
    means: 'contabilidade',
    tradeNames: ['Contabilidade', 'Contábil', 'Assessoria Contábil'],
  },
  {
    says: ['advogado', 'advogada', 'advocacia', 'escritório de advocacia', 'jurídico'],
    means: 'serviços advocatícios',
    tradeNames: ['Advocacia', 'Advogados', 'Jurídico'],
  },
  {
    says: ['consultoria', 'consultor', 'consultora', 'assessoria', 'mentoria', 'mentora', 'mentor', 'gestão empresarial'],
    means: 'consultoria gestão empresarial',
    tradeNames: ['Consultoria', 'Assessoria', 'Gestão'],
  },
  { says: ['arquiteto', 'arquiteta', 'arquitetura'], means: 'serviços arquitetura', tradeNames: ['Arquitetura', 'Projetos'] },
  {
    // Without a product named: the general subclass (4619-2/00).
    says: ['representante comercial', 'representação comercial'],
    means: 'representantes comerciais agentes comércio mercadorias geral especializado',
    tradeNames: ['Representações', 'Representação Comercial'],
  },
  {
    says: ['engenheiro', 'engenheira', 'engenharia', 'engenheiro civil', 'engenheira civil', 'engenharia civil'],
    means: 'serviços engenharia',
    tradeNames: ['Engenharia', 'Projetos'],
  },
  {
    says: ['corretor de imóveis', 'corretora de imóveis', 'imobiliária', 'corretagem', 'imóveis', 'corretor', 'corretora'],
    means: 'corretagem compra venda aluguel imóveis',
    tradeNames: ['Imóveis', 'Imobiliária', 'Negócios Imobiliários'],
  },
  {
    says: ['representante', 'representações'],
    means: 'representantes comerciais agentes comércio',
    tradeNames: ['Representações', 'Representação Comercial'],
  },
  {
    says: ['secretária', 'secretário', 'assistente virtual', 'apoio administrativo', 'digitação', 'digitador'],
    means: 'apoio administrativo escritório digitador',
    tradeNames: ['Assessoria', 'Escritório'],
  },
  {
    says: ['eventos', 'organização de eventos', 'cerimonialista', 'promotor de eventos', 'promotora de eventos', 'festas'],
    means: 'organização festas eventos promotor',
    tradeNames: ['Eventos', 'Festas', 'Produções'],
  },

  // Teaching
  {
    says: [
      'professor particular',
      'aulas particulares',
      'aula particular',
      'aulas',
      'reforço escolar',
      'professor',
      'professora',
      'tutor',
    ],
    means: 'professor particular ensino instrutor',
    tradeNames: ['Aulas', 'Educação', 'Ensino'],
  },
  {
    says: [
      'idiomas',
      'inglês',
      'espanhol',
      'aulas de inglês',
      'professor de inglês',
      'professora de inglês',
      'escola de idiomas',
      'línguas',
    ],
    means: 'ensino idiomas instrutor',
    tradeNames: ['Idiomas', 'English', 'Escola de Idiomas'],
  },
  {
    says: ['cursos', 'curso', 'curso online', 'treinamento', 'treinamentos', 'palestras'],
    means: 'treinamento desenvolvimento profissional gerencial cursos instrutor',
    tradeNames: ['Cursos', 'Treinamentos', 'Educação'],
  },
  {
    says: [
      'aulas de música',
      'aula de música',
      'escola de música',
      'professor de música',
      'professora de música',
      'violão',
      'piano',
    ],
    means: 'ensino música instrutor',
    tradeNames: ['Música', 'Escola de Música'],
  },

  // Food
  {
    says: [
      'doces',
      'bolos',
      'confeitaria',
      'confeiteira',
      'confeiteiro',
      'bolo de pote',
      'brigadeiro',
      'brigadeiros',
      'docinhos',
      'doceira',
      'bolo',
      'tortas',
    ],
    means: 'confeitaria confeiteiro doceiro doces bolos',
    tradeNames: ['Confeitaria', 'Doces', 'Doce Sabor', 'Ateliê do Bolo'],
  },
  {
    says: [
      'salgados',
      'salgadinhos',
      'coxinha',
      'salgadeira',
      'salgadeiro',
      'salgados para festa',
      'salgados para festas',
      'salgadinhos para festa',
    ],
    means: 'salgadeiro alimentos preparados',
    tradeNames: ['Salgados', 'Delícias', 'Sabor'],
  },
  {
    says: [
      'marmita',
      'marmitas',
      'quentinha',
      'quentinhas',
      'marmitex',
      'comida caseira',
      'refeições',
      'delivery de comida',
      'congelados',
      'marmiteira',
      'marmiteiro',
      'cozinheira',
      'cozinheiro',
    ],
    means: 'marmiteiro alimentos preparados consumo domiciliar refeições prontas',
    tradeNames: ['Marmitaria', 'Cozinha', 'Sabor Caseiro'],
  },
  {
    says: ['restaurante', 'self service', 'pizzaria', 'pizza', 'churrascaria', 'hamburgueria', 'comida japonesa'],
    means: 'restaurantes similares',
    tradeNames: ['Restaurante', 'Cozinha', 'Sabor'],
  },
  {
    says: ['lanchonete', 'lanches', 'lanche', 'hambúrguer', 'cafeteria', 'café', 'açaí', 'sucos', 'pastelaria'],
    means: 'lanchonetes casas de chá sucos',
    tradeNames: ['Lanchonete', 'Lanches', 'Café'],
  },
  { says: ['bar', 'boteco', 'choperia'], means: 'bares bebidas', tradeNames: ['Bar', 'Boteco'] },
  {
    says: ['pães', 'pão', 'padeiro', 'padeira'],
    means: 'padaria panificação padeiro',
    tradeNames: ['Padaria', 'Panificadora', 'Pão Nosso'],
  },
  {
    // A bakery shop, not the industrial bakery the MEI "padeiro" is filed under.
    says: ['padaria', 'panificadora'],
    means: 'padaria confeitaria',
    tradeNames: ['Padaria', 'Panificadora', 'Pão Nosso'],
  },
  {
    says: ['food truck', 'ambulante', 'carrinho de lanche', 'barraca', 'feira'],
    means: 'serviços ambulantes alimentação ambulante',
    tradeNames: ['Food Truck', 'Sabor'],
  },
  {
    says: ['buffet', 'bufê', 'chef em domicílio', 'personal chef', 'catering'],
    means: 'alimentação eventos recepções bufê',
    tradeNames: ['Buffet', 'Gastronomia', 'Chef'],
  },
  {
    says: ['mercado', 'mercadinho', 'mercearia', 'minimercado', 'armazém'],
    means: 'minimercados mercearias armazéns',
    tradeNames: ['Mercado', 'Mercearia', 'Empório'],
  },
  {
    says: ['hortifruti', 'verduras', 'frutas', 'sacolão', 'quitanda'],
    means: 'hortifrutigranjeiros verdureiro quitandeiro',
    tradeNames: ['Hortifruti', 'Quitanda'],
  },
  { says: ['açougue', 'carnes', 'açougueiro'], means: 'açougues carnes', tradeNames: ['Açougue', 'Casa de Carnes'] },
  {
    says: ['distribuidora de bebidas', 'depósito de bebidas', 'adega'],
    means: 'comércio bebidas',
    tradeNames: ['Bebidas', 'Adega', 'Distribuidora'],
  },

  // Retail
  {
    says: ['loja de roupas', 'loja de roupa', 'loja de moda', 'vendo roupas', 'venda de roupas', 'revenda de roupas'],
    means: 'comércio varejista artigos vestuário',
    tradeNames: ['Moda', 'Boutique', 'Store'],
  },
  {
    says: ['roupas', 'roupa', 'moda', 'vestuário', 'boutique', 'moda feminina', 'moda masculina', 'moda praia', 'brechó'],
    means: 'vestuário roupas',
    tradeNames: ['Moda', 'Boutique', 'Store'],
  },
  { says: ['sapatos', 'calçados', 'tênis', 'sandálias'], means: 'calçados', tradeNames: ['Calçados', 'Shoes'] },
  {
    says: ['bijuterias', 'semijoias', 'acessórios', 'bijuteria'],
    means: 'bijuterias artesanatos',
    tradeNames: ['Acessórios', 'Bijoux', 'Semijoias'],
  },
  { says: ['joias', 'joalheria', 'ourives'], means: 'joalheria ourives', tradeNames: ['Joias', 'Joalheria'] },
  {
    says: ['cosméticos', 'perfumes', 'perfumaria', 'maquiagens'],
    means: 'cosméticos perfumaria higiene pessoal',
    tradeNames: ['Cosméticos', 'Beauty', 'Perfumaria'],
  },
  {
    says: ['celulares', 'celular', 'capinhas', 'eletrônicos'],
    means: 'equipamentos telefonia comunicação',
    tradeNames: ['Cell', 'Eletrônicos'],
  },
  {
    says: ['material de construção', 'materiais de construção', 'depósito de construção'],
    means: 'materiais construção',
    tradeNames: ['Materiais de Construção', 'Construção'],
  },
  {
    says: ['móveis', 'moveis planejados', 'marcenaria', 'marceneiro', 'marceneira'],
    means: 'móveis marceneiro',
    tradeNames: ['Móveis', 'Marcenaria', 'Design em Madeira'],
  },
  { says: ['papelaria', 'material escolar'], means: 'papelaria', tradeNames: ['Papelaria', 'Papel & Cia'] },
  { says: ['brinquedos'], means: 'brinquedos artigos recreativos', tradeNames: ['Brinquedos', 'Kids'] },
  {
    says: ['floricultura', 'flores', 'plantas'],
    means: 'plantas flores naturais',
    tradeNames: ['Floricultura', 'Flores', 'Jardim'],
  },
  {
    says: ['produtos naturais', 'loja de produtos naturais', 'suplementos', 'empório natural'],
    means: 'produtos naturais',
    tradeNames: ['Empório Natural', 'Natural'],
  },
  { says: ['ótica', 'óculos'], means: 'artigos óptica', tradeNames: ['Ótica'] },
  {
    says: ['artesanato', 'artesã', 'artesão', 'feito à mão', 'crochê', 'bordado', 'velas artesanais'],
    means: 'artesanatos artesão',
    tradeNames: ['Ateliê', 'Artesanato', 'Arte & Cia'],
  },

  // Trades, home and building
  {
    says: [
      'mecânico',
      'mecânica de carros',
      'oficina',
      'oficina mecânica',
      'mecânica',
      'conserto de carros',
      'funilaria',
      'auto center',
    ],
    means: 'manutenção reparação mecânica veículos automotores mecânico',
    tradeNames: ['Auto Center', 'Mecânica', 'Oficina'],
  },
  {
    says: ['lava jato', 'lava rápido', 'lavagem de carros', 'estética automotiva', 'polimento'],
    means: 'lavagem polimento veículos automotores',
    tradeNames: ['Lava Jato', 'Car Wash', 'Estética Automotiva'],
  },
  {
    says: ['borracharia', 'borracheiro', 'pneus'],
    means: 'borracharia borracheiro pneumáticos',
    tradeNames: ['Borracharia', 'Pneus'],
  },
  {
    says: ['eletricista', 'eletrecista', 'eletricista residencial', 'instalações elétricas', 'instalação elétrica', 'elétrica'],
    means: 'instalação manutenção elétrica eletricista',
    tradeNames: ['Elétrica', 'Instalações Elétricas'],
  },
  {
    says: ['pedreiro', 'obra', 'obras', 'reforma', 'reformas', 'construção civil', 'alvenaria', 'construtora'],
    means: 'obras alvenaria pedreiro',
    tradeNames: ['Construções', 'Reformas', 'Obras'],
  },
  {
    says: ['pintor', 'pintora', 'pintura', 'pintura de paredes'],
    means: 'pintura edifícios pintor parede',
    tradeNames: ['Pinturas', 'Cores'],
  },
  {
    says: ['encanador', 'encanamento', 'hidráulica', 'desentupidora', 'bombeiro hidráulico', 'encanadora'],
    means: 'instalações hidráulicas encanador',
    tradeNames: ['Hidráulica', 'Instalações'],
  },
  {
    says: ['gesseiro', 'gesseira', 'gesso', 'drywall'],
    means: 'acabamento gesso gesseiro',
    tradeNames: ['Gesso', 'Acabamentos'],
  },
  {
    says: ['ar condicionado', 'refrigeração', 'climatização'],
    means: 'instalação manutenção ar condicionado refrigeração',
    tradeNames: ['Refrigeração', 'Climatização'],
  },
  {
    says: ['jardineiro', 'jardineira', 'jardinagem', 'paisagismo', 'paisagista'],
    means: 'paisagísticas jardineiro',
    tradeNames: ['Jardinagem', 'Paisagismo', 'Verde'],
  },
  {
    says: ['faxina', 'limpeza', 'limpeza residencial', 'limpeza pós obra'],
    means: 'limpeza prédios domicílios diarista',
    tradeNames: ['Limpeza', 'Clean', 'Serviços de Limpeza'],
  },
  {
    // A person working in homes: the MEI "Diarista" occupation (domestic services, 9700-5/00).
    says: ['diarista', 'faxineira', 'empregada doméstica', 'doméstica'],
    means: 'serviços domésticos diarista',
    tradeNames: ['Limpeza', 'Clean'],
  },
  {
    says: ['suporte de ti', 'suporte em ti', 'suporte ti', 'help desk', 'service desk'],
    means: 'suporte técnico tecnologia informação',
    tradeNames: ['Tech', 'Suporte'],
  },
  {
    says: ['dropshipping', 'drop shipping', 'dropship'],
    means: 'comércio varejista outros produtos não especificados',
  },
  {
    says: ['lavanderia', 'passadeira', 'lavar roupas'],
    means: 'lavanderias lavadeiro roupas',
    tradeNames: ['Lavanderia', 'Clean'],
  },
  {
    says: ['costureira', 'costura', 'costureiro', 'modista', 'ajustes de roupas', 'confecção', 'alfaiate'],
    means: 'costureiro confecção roupas vestuário',
    tradeNames: ['Ateliê', 'Costura', 'Confecções'],
  },
  { says: ['chaveiro', 'chaveira'], means: 'chaveiros chaveiro', tradeNames: ['Chaveiro', 'Chaves'] },
  { says: ['sapateiro', 'sapateira', 'conserto de sapatos'], means: 'reparação calçados sapateiro', tradeNames: ['Sapataria'] },
  {
    says: ['serralheiro', 'serralheira', 'serralheria', 'portões'],
    means: 'serralheiro esquadrias metálicas',
    tradeNames: ['Serralheria', 'Metalúrgica'],
  },
  {
    says: ['montador de móveis', 'montadora de móveis', 'montagem de móveis'],
    means: 'montador móveis',
    tradeNames: ['Montagens', 'Montador'],
  },

  // Animals
  {
    says: ['pet shop', 'petshop', 'ração', 'produtos para pets'],
    means: 'artigos alimentos animais estimação pet shop',
    tradeNames: ['Pet Shop', 'Pet', 'Mundo Pet'],
  },
  {
    says: ['banho e tosa', 'tosa', 'tosador', 'tosadora', 'banho em cachorro', 'groomer'],
    means: 'higiene embelezamento animais domésticos tosador',
    tradeNames: ['Pet', 'Banho & Tosa', 'Pet Care'],
  },
  {
    says: ['veterinário', 'veterinária', 'clínica veterinária', 'médico veterinário', 'médica veterinária'],
    means: 'atividades veterinárias',
    tradeNames: ['Clínica Veterinária', 'Vet', 'Pet Care'],
  },
  {
    says: ['adestrador', 'adestradora', 'adestramento', 'dog walker', 'passeador de cães', 'pet sitter', 'hotel para cães'],
    means: 'adestrador cuidador animais',
    tradeNames: ['Pet', 'Dog', 'Pet Care'],
  },

  // Transport and deliveries
  {
    says: [
      'motorista de aplicativo',
      'uber',
      '99',
      'motorista',
      'transporte de passageiros',
      'motorista particular',
      'motorista de uber',
    ],
    means: 'transporte passageiros locação automóveis motorista',
    tradeNames: ['Transportes', 'Mobilidade'],
  },
  { says: ['táxi', 'taxista'], means: 'táxi taxista', tradeNames: ['Táxi', 'Transportes'] },
  { says: ['mototáxi', 'mototaxi', 'mototaxista'], means: 'mototaxista', tradeNames: ['Moto Táxi'] },
  {
    says: ['entregador', 'entregadora', 'motoboy', 'entregas', 'delivery', 'ifood', 'moto entrega', 'bike entregador'],
    means: 'entrega rápida motoboy',
    tradeNames: ['Entregas', 'Express', 'Log'],
  },
  {
    says: ['frete', 'fretes', 'carreto', 'carretos', 'mudança', 'mudanças', 'caminhoneiro', 'caminhoneira', 'transportadora'],
    means: 'transporte rodoviário carga mudanças',
    tradeNames: ['Transportes', 'Fretes', 'Log'],
  },
  { says: ['transporte escolar', 'van escolar'], means: 'transporte escolar', tradeNames: ['Transporte Escolar'] },
  {
    says: ['turismo', 'agência de viagens', 'guia de turismo', 'viagens', 'excursões'],
    means: 'agência viagens turismo guia excursões',
    tradeNames: ['Turismo', 'Viagens'],
  },

  // Farming
  { says: ['abelhas', 'mel', 'apicultor', 'apicultora'], means: 'apicultura apicultor', tradeNames: ['Apiário', 'Mel'] },
  {
    says: ['galinhas', 'frangos', 'ovos', 'granja', 'avicultura'],
    means: 'criação aves galináceos ovos',
    tradeNames: ['Granja', 'Avícola'],
  },
  {
    says: ['gado', 'bois', 'vacas', 'pecuária', 'fazenda de gado'],
    means: 'criação bovinos',
    tradeNames: ['Agropecuária', 'Fazenda'],
  },
  {
    says: ['horta', 'hortaliças', 'verduras orgânicas', 'horticultor'],
    means: 'horticultura hortaliças',
    tradeNames: ['Horta', 'Orgânicos'],
  },
  { says: ['peixes', 'piscicultura', 'tilápia'], means: 'criação peixes piscicultura', tradeNames: ['Piscicultura', 'Pescados'] },

  // How something is sold or done: they add to the product's own words.
  {
    says: [
      'loja virtual',
      'e-commerce',
      'ecommerce',
      'internet',
      'online',
      'instagram',
      'marketplace',
      'shopee',
      'mercado livre',
    ],
    means: 'comércio varejista',
  },
  {
    says: ['vendo', 'vender', 'venda', 'vendas', 'revenda', 'revendo', 'revender', 'loja', 'comércio', 'comercializo'],
    means: 'comércio varejista comerciante',
  },
  { says: ['atacado', 'distribuidora', 'distribuição', 'atacadista'], means: 'comércio atacadista' },
  {
    says: ['conserto', 'consertos', 'reparo', 'reparos', 'manutenção', 'assistência técnica'],
    means: 'manutenção reparação reparador',
  },
  { says: ['fabrico', 'fabricação', 'fábrica', 'produzo', 'produção'], means: 'fabricação fabricante' },
  { says: ['aluguel', 'alugo', 'locação', 'locadora'], means: 'aluguel locação locador' },
  { says: ['carro', 'carros', 'automóveis', 'veículos', 'auto'], means: 'veículos automotores automóveis' },
  { says: ['moto', 'motos', 'motocicletas'], means: 'motocicletas motonetas' },
  { says: ['cachorro', 'cachorros', 'gato', 'gatos', 'pets', 'animais de estimação'], means: 'animais domésticos estimação' },
  { says: ['crianças', 'infantil', 'bebê', 'bebês'], means: 'infantil bebê' },
];
