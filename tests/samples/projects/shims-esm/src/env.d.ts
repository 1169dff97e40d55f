declare const __dirname: string;
declare const __filename: string;
