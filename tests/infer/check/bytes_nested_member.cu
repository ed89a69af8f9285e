// expect: drf — members of a struct member of a cell (pos.x, pos.y) are distinct bytes.
struct Pos { int x, y; };
struct Q { float m; Pos pos; };
__global__ void nested_member(Q *A)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t % 2)
        A[t / 2].pos.x = t;
    else
        A[t / 2].pos.y = t;
}
