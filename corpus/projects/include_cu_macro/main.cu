#define TILE 256
#include "./kernels.cu"

int main()
{
    int *out = nullptr;
    fill<<<8, 256>>>(out);
    return 0;
}
