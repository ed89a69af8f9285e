__global__ void fill(int *a);

int main()
{
    int *a;
    cudaMalloc(&a, 64 * sizeof(int));
    fill<<<1, 64>>>(a);
    return 0;
}
