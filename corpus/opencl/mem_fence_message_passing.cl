//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — write_mem_fence and read_mem_fence around a flag do not make work-item 1 wait for work-item 0: data[group] and flag[group] race
__kernel void mem_fence_message_passing(__global int *data, __global volatile int *flag)
{
    int g = get_group_id(0);
    if (get_local_id(0) == 0) {
        data[g] = 42;
        write_mem_fence(CLK_GLOBAL_MEM_FENCE);
        flag[g] = 1;
    } else if (get_local_id(0) == 1) {
        if (flag[g] == 1) {
            read_mem_fence(CLK_GLOBAL_MEM_FENCE);
            data[g] += 1;
        }
    }
}
