<?php

declare(strict_types=1);

// Um autoloader PSR-4 mínimo, para usar o cliente sem Composer: require 'clients/php/autoload.php';
spl_autoload_register(static function (string $class): void {
    $prefix = 'ApiExterna\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
