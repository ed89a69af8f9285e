//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — read_imagef from one image, write_imagef to the work-item’s own pixel of another
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void image_copy(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 c = read_imagef(src, smp, p);
    write_imagef(dst, p, c * 0.5f);
}
