export * from './periods';
export * from './simplesNacionalTables';
export * from './meiTables';
export * from './simplesNacional';
export * from './meiDas';
export * from './simplesNacionalTool';
export * from './holidays';
export * from './fatorRAdvice';
