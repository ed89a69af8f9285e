__global__ void step(float *x, int n);

int main()
{
    float *x;
    int n = 1 << 12;
    cudaMalloc(&x, n * sizeof(float));
    step<<<n / 32, 32>>>(x, n);
    return 0;
}
