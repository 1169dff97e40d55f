const banner = document.createElement('p');
banner.textContent = 'ready';
document.body.append(banner);
