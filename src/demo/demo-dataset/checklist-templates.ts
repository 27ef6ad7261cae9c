/** The questions of the order checklists: electronics repair and air conditioning. */

export interface ChecklistTemplate {
  titulos: readonly string[];
  /** yes/no questions; `naoConforme` is the answer that flags a problem */
  opcoes: readonly { pergunta: string; naoConforme: 'Sim' | 'Não'; motivos: readonly string[] }[];
  textos: readonly { pergunta: string; respostas: readonly string[] }[];
}

export const CHECKLIST_ELETRONICA: ChecklistTemplate = {
  titulos: ['Inspeção visual', 'Testes funcionais', 'Entrega ao cliente'],
  opcoes: [
    { pergunta: 'Tela trincada?', naoConforme: 'Sim', motivos: ['Queda', 'Pressão na tela', 'Impacto na quina'] },
    { pergunta: 'Aparelho liga?', naoConforme: 'Não', motivos: ['Placa em curto', 'Bateria descarregada', 'Botão power danificado'] },
    { pergunta: 'Sinais de oxidação?', naoConforme: 'Sim', motivos: ['Contato com líquido', 'Umidade'] },
    { pergunta: 'Touch funcionando?', naoConforme: 'Não', motivos: ['Touch fantasma', 'Região sem resposta'] },
    { pergunta: 'Câmera funcionando?', naoConforme: 'Não', motivos: ['Lente riscada', 'Foco não ajusta'] },
    { pergunta: 'Carregamento funcionando?', naoConforme: 'Não', motivos: ['Conector com folga', 'Sujeira no conector'] },
    { pergunta: 'Carcaça amassada?', naoConforme: 'Sim', motivos: ['Queda'] },
  ],
  textos: [
    {
      pergunta: 'Defeito relatado pelo cliente',
      respostas: ['Não carrega', 'Tela piscando', 'Caiu na água', 'Desliga sozinho', 'Esquenta muito'],
    },
    { pergunta: 'Acessórios deixados pelo cliente', respostas: ['Carregador e capa', 'Nenhum', 'Cabo USB', 'Capa e película'] },
    {
      pergunta: 'Observações',
      respostas: ['Cliente autorizou a abertura do aparelho', 'Sem senha informada', 'Aparelho com riscos laterais'],
    },
  ],
};

export const CHECKLIST_CLIMATIZACAO: ChecklistTemplate = {
  titulos: ['Inspeção da evaporadora', 'Inspeção da condensadora', 'Medições'],
  opcoes: [
    { pergunta: 'Filtro sujo?', naoConforme: 'Sim', motivos: ['Falta de limpeza periódica'] },
    { pergunta: 'Vazamento de gás?', naoConforme: 'Sim', motivos: ['Solda trincada', 'Porca da válvula frouxa'] },
    { pergunta: 'Dreno obstruído?', naoConforme: 'Sim', motivos: ['Lodo na bandeja', 'Mangueira dobrada'] },
    { pergunta: 'Ruído anormal?', naoConforme: 'Sim', motivos: ['Rolamento do motor gasto', 'Suporte solto'] },
    { pergunta: 'Capacitor em bom estado?', naoConforme: 'Não', motivos: ['Capacitor estufado'] },
    { pergunta: 'Aterramento presente?', naoConforme: 'Não', motivos: ['Instalação elétrica sem terra'] },
  ],
  textos: [
    { pergunta: 'Pressão de sucção (psi)', respostas: ['118', '120', '125', '95'] },
    { pergunta: 'Temperatura de insuflamento (°C)', respostas: ['11', '12', '14', '18'] },
    {
      pergunta: 'Observações',
      respostas: ['Equipamento instalado em local sem ventilação', 'Cliente solicitou orçamento de PMOC', 'Sem observações'],
    },
  ],
};
