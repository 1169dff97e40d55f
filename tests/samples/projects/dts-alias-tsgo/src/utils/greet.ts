export interface Greeting {
  text: string;
}
