console.log('hello from the executable');
