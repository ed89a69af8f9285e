//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — every work-item of a row writes pixel (0, y) of the output image
__kernel void image_write_shared_pixel(__global const float4 *in, __write_only image2d_t dst, int width)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(dst, (int2)(0, y), in[y * width + x]);
}
