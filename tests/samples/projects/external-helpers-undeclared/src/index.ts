export default class Person {
  constructor(private name: string) {}

  get greeting() {
    return `Hello, ${this.name}!`;
  }
}
