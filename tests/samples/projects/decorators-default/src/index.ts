function logged<T extends new (...args: any[]) => object>(value: T, _context: ClassDecoratorContext) {
  return value;
}

@logged
export class Service {}
