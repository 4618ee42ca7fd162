/** An invoice's competence (YYYY-MM) as mm/aaaa. */
export const formatCompetence = (competence: string) => {
  const [year, month] = competence.split('-');
  return `${month}/${year}`;
};

export const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
