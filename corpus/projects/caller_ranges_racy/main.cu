#include <vector>
#include <iostream>
#include "runner.cuh"

int main()
{
    std::vector<int> SIZE = {256, 512, 1024, 4096};
    long m, n;
    float *C = nullptr;
    for (int size : SIZE) {
        m = size;
        n = size / 2;
        std::cout << "m = n = " << m << std::endl;
        run_kernel(1, m, n, C);
    }
    return 0;
}
