__global__ void step(float *x, int n);

int main()
{
    float *x;
    int n = 1 << 12;
    cudaMalloc(&x, n * sizeof(float));
    step<<<n / 64, 64>>>(x, n);
    return 0;
}
